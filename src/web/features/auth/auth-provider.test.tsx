import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuth } from './auth-provider.tsx';

function ShowsUser() {
  const { user } = useAuth();
  return <p>{user?.name}</p>;
}

describe('useAuth', () => {
  it('throws the spec message outside its provider', () => {
    expect(() => render(<ShowsUser />)).toThrow('useAuth must be used within an AuthProvider');
    expect(screen.queryByRole('paragraph')).toBeNull();
  });
});
