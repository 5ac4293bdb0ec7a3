import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from '../../src/domain/auth.ts';
import {
  acceptInvitationFormSchema,
  acceptInvitationSchema,
  newUserSchema,
  resetPasswordSchema,
} from '../../src/domain/company.ts';

const valid = {
  username: 'ada',
  password: 'Secret-01',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  organization: 'Analytical Aid',
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('registerSchema', () => {
  it('accepts a complete registration and trims text', () => {
    const parsed = registerSchema.parse({ ...valid, name: '  Ada Lovelace ' });
    expect(parsed.name).toBe('Ada Lovelace');
  });

  it('strips companyId and role: the server decides them', () => {
    const parsed = registerSchema.parse({ ...valid, companyId: 1, role: 'admin' });
    expect(parsed).not.toHaveProperty('companyId');
    expect(parsed).not.toHaveProperty('role');
  });

  it.each([
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['password', 'Secret1', 'Password must be at least 8 characters'],
    ['password', 'x'.repeat(101), 'Password must be at most 100 characters'],
    ['name', '   ', 'Name is required'],
    ['email', 'not-an-email', 'Invalid email format'],
    ['organization', '', 'Organization is required'],
  ])('rejects a bad %s with the spec message', (field, value, message) => {
    expect(firstMessage(registerSchema.safeParse({ ...valid, [field]: value }))).toBe(message);
  });

  it('reports a missing field with its message, not a type error', () => {
    const { name: _omitted, ...withoutName } = valid;
    expect(firstMessage(registerSchema.safeParse(withoutName))).toBe('Name is required');
  });
});

describe('loginSchema', () => {
  it('requires both fields', () => {
    expect(firstMessage(loginSchema.safeParse({ password: 'x' }))).toBe('Username is required');
    expect(firstMessage(loginSchema.safeParse({ username: 'ada' }))).toBe('Password is required');
    expect(loginSchema.safeParse({ username: 'ada', password: 'x' }).success).toBe(true);
  });
});

describe('every username and new password an account gets', () => {
  // Sign-up, a new user, an admin's reset and an invitation share one rule and its messages:
  // at least 8 characters and at most 100, an uppercase letter and a number (decision 0011).
  const cases = [
    ['registerSchema', registerSchema, valid, 'username', 'password'],
    [
      'newUserSchema',
      newUserSchema,
      { name: 'Ada', email: 'ada@example.org', username: 'ada', password: 'Secret-01' },
      'username',
      'password',
    ],
    [
      'resetPasswordSchema',
      resetPasswordSchema,
      { userId: 1, newPassword: 'Secret-01' },
      null,
      'newPassword',
    ],
    [
      'acceptInvitationSchema',
      acceptInvitationSchema,
      { token: 't', username: 'ada', password: 'Secret-01' },
      'username',
      'password',
    ],
  ] as const;

  it.each(cases)('%s takes the spec messages', (_name, schema, base, username, password) => {
    const message = (field: string, value: string) =>
      firstMessage(schema.safeParse({ ...base, [field]: value }));
    expect(schema.safeParse(base).success).toBe(true);
    if (username) {
      expect(message(username, ' ab ')).toBe('Username must be at least 3 characters');
      expect(message(username, 'u'.repeat(51))).toBe('Username must be at most 50 characters');
      // Nothing that hides or mimics: a lookalike of another name is no new name.
      for (const hidden of [
        'ada\u200b',
        'bell\u0007x',
        '\u202egpj.exe',
        'ada\u00a0king',
        '\uff41\uff44\uff41',
        'a\u3164da',
      ]) {
        expect(message(username, hidden), JSON.stringify(hidden)).toBe('Invalid characters');
      }
      for (const plain of ['ada king', 'Zoë', 'Zoe\u0308', 'José_Ruiz', '李小龙', 'ada.l-01']) {
        expect(message(username, plain), plain).toBeUndefined();
      }
    }
    expect(message(password, 'Secret1')).toBe('Password must be at least 8 characters');
    expect(message(password, 'X1'.repeat(51))).toBe('Password must be at most 100 characters');
    expect(message(password, 'secret-01')).toBe(
      'Password must contain at least one uppercase letter',
    );
    expect(message(password, 'Secret-ab')).toBe('Password must contain at least one number');
    expect(message(password, 'Secret-01\u0000')).toBe('Invalid characters');
    // Any script's capital letters and digits count: 'Ölçü' starts with one.
    expect(message(password, 'Ölçü-2026')).toBeUndefined();
  });
});

describe('acceptInvitationFormSchema', () => {
  it('asks the same of the password as the server, and the confirmation to match', () => {
    const form = { username: 'ada_l', password: 'Secret-01', confirmPassword: 'Secret-01' };
    expect(acceptInvitationFormSchema.safeParse(form).success).toBe(true);
    expect(
      firstMessage(
        acceptInvitationFormSchema.safeParse({
          ...form,
          password: 'secret-01',
          confirmPassword: 'secret-01',
        }),
      ),
    ).toBe('Password must contain at least one uppercase letter');
    expect(
      firstMessage(acceptInvitationFormSchema.safeParse({ ...form, confirmPassword: 'Secret-02' })),
    ).toBe('Passwords do not match');
  });
});

describe('a new password with accents', () => {
  const composed = 'Ä-secret1';
  const decomposed = composed.normalize('NFD');

  it('is as long as it is composed, however its accents were typed', () => {
    // Seven characters composed, eight as a letter and its accent: too short either way.
    expect(firstMessage(registerSchema.safeParse({ ...valid, password: 'Ä-secr1' }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(
      firstMessage(registerSchema.safeParse({ ...valid, password: 'Ä-secr1'.normalize('NFD') })),
    ).toBe('Password must be at least 8 characters');
  });

  it('matches its confirmation typed the other way', () => {
    const form = { username: 'adal', password: composed, confirmPassword: decomposed };
    expect(acceptInvitationFormSchema.safeParse(form).success).toBe(true);
  });
});
