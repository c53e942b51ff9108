import type pg from 'pg'

/**
 * The settlement ledger's schema, one migration per version, applied in order at start by whichever
 * instance gets the lock first (the others wait, then find nothing left to do). A migration is never
 * edited once released: a change is a new one.
 */
const migrations: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE quote_ledger (
        quote_id text PRIMARY KEY,
        time timestamptz NOT NULL,
        partner text,
        provider text NOT NULL,
        entry jsonb NOT NULL
      );
      CREATE INDEX quote_ledger_time ON quote_ledger (time);
      CREATE INDEX quote_ledger_partner_time ON quote_ledger (partner, time);
    `,
  },
  {
    version: 2,
    // Executions seen by /status, one per quote: the partner statement's "executed" columns.
    sql: `
      CREATE TABLE quote_executions (
        quote_id text PRIMARY KEY,
        time timestamptz NOT NULL,
        entry jsonb NOT NULL
      );
    `,
  },
  {
    version: 3,
    // One row per swap, not per quote: a quote's transaction sent twice (a resend that also landed) is
    // two swaps, and each paid its fees. The same swap written by two instances still meets its own key.
    sql: `
      ALTER TABLE quote_executions ADD COLUMN swap text NOT NULL DEFAULT '-';
      UPDATE quote_executions SET swap = lower(coalesce(entry->>'sourceTx', '-'));
      ALTER TABLE quote_executions DROP CONSTRAINT quote_executions_pkey;
      ALTER TABLE quote_executions ADD PRIMARY KEY (quote_id, swap);
    `,
  },
]

/** Any fixed number: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 0x5ab_0001

/** Brings the database's schema up to date; safe to run from several instances at once. */
export async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await client.query(
      'CREATE TABLE IF NOT EXISTS swapquote_migrations (version int PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    )
    const { rows } = await client.query<{ version: number }>('SELECT version FROM swapquote_migrations')
    const applied = new Set(rows.map((row) => row.version))
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue
      await client.query(migration.sql)
      await client.query('INSERT INTO swapquote_migrations (version) VALUES ($1)', [migration.version])
    }
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}
