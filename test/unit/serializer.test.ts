import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contactSchema } from '../../src/domain/contacts.ts';
import { serializerCompiler } from '../../src/server/lib/serializer.ts';

const compile = (schema: unknown) =>
  serializerCompiler({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });

describe('response serializer', () => {
  it('writes what the Zod path writes for a page of contacts', () => {
    const page = [
      {
        id: 1,
        name: 'Ada',
        email: 'a@x.org',
        phone: null,
        organization: 'F',
        notes: null,
        companyId: 3,
        createdAt: '2026-11-01T09:30:00.000Z',
        updatedAt: '2026-11-02T10:00:00.000Z',
        createdBy: null,
      },
      {
        id: 2,
        name: 'Bo "B"',
        email: 'b@x.org',
        phone: '5',
        organization: null,
        notes: 'n\nl',
        companyId: 3,
        createdAt: '2026-11-01T09:30:00.000Z',
        updatedAt: '2026-11-02T10:00:00.000Z',
        createdBy: null,
      },
    ];
    const schema = z.array(contactSchema);
    expect(compile(schema)(page)).toBe(JSON.stringify(z.encode(schema, page)));
  });

  it('leaves out properties the schema does not name', () => {
    const user = z.object({ id: z.number(), username: z.string() });
    const written = compile(user)({ id: 1, username: 'ada', passwordHash: 'secret' });
    expect(JSON.parse(written)).toEqual({ id: 1, username: 'ada' });
  });

  it('compiles one writer for equal schemas, however many routes answer with them', () => {
    const schema = z.array(contactSchema);
    const page = compile(schema);
    expect(compile(schema)).toBe(page);
    expect(compile(z.array(contactSchema))).toBe(page);
    expect(compile(z.array(z.object({ id: z.number() })))).not.toBe(page);
  });

  it('falls back to JSON.stringify for a route without a Zod schema', () => {
    expect(compile({ type: 'object' })({ a: 1 })).toBe('{"a":1}');
  });
});
