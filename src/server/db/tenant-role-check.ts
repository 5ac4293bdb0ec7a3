import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { TENANT_ROLE } from './scope.ts';

/**
 * Start-up refuses to serve unless tenant queries really run as a role that row-level security
 * binds: it must exist, be no superuser, have no BYPASSRLS, and be the role a tenant
 * transaction ends up with.
 */
export async function requireTenantRoleIsolated(db: Database): Promise<void> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('role', ${TENANT_ROLE}, true)`);
    return tx.execute(sql`
      SELECT current_user AS "user", r.rolsuper AS "super", r.rolbypassrls AS "bypass"
      FROM pg_roles r WHERE r.rolname = current_user`);
  });
  const { rows } = result as { rows: { user: string; super: boolean; bypass: boolean }[] };
  const [row] = rows;
  if (!row || row.user !== TENANT_ROLE || row.super || row.bypass) {
    throw new Error(
      `Refusing to serve: tenant queries would run as ${row?.user ?? 'an unknown role'}` +
        `${row?.super ? ' (superuser)' : ''}${row?.bypass ? ' (BYPASSRLS)' : ''}, ` +
        `which row-level security does not bind. Check the ${TENANT_ROLE} role.`,
    );
  }
}
