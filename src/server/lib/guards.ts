import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../domain/auth.ts';
import { AppError } from './errors.ts';

export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw new AppError('UNAUTHENTICATED', 'Not signed in');
  return request.currentUser;
}

export function requireAdmin(request: FastifyRequest): CurrentUser {
  const user = requireUser(request);
  if (user.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'Only administrators can do this');
  }
  return user;
}
