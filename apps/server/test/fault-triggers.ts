import { sql } from 'kysely';
import type { Db } from '../src/db/database';

/**
 * A real database failure on inserts into `table` (rows whose `column` equals `value`, or
 * every row): a trigger that raises, as a full disk or a constraint of the database would.
 * Answers how to remove it.
 */
export async function failInserts(
  db: Db,
  table: string,
  message: string,
  where?: { column: string; value: string },
): Promise<() => Promise<void>> {
  const name = `fail_${table}`;
  if (db.engine === 'sqlite') {
    const when = where ? ` WHEN NEW.${where.column} = '${where.value.replace(/'/g, "''")}'` : '';
    db.sqlite!.exec(
      `CREATE TRIGGER ${name} BEFORE INSERT ON ${table}${when} BEGIN SELECT RAISE(ABORT, '${message.replace(/'/g, "''")}'); END`,
    );
    return async () => {
      db.sqlite!.exec(`DROP TRIGGER ${name}`);
    };
  }
  const when = where ? `IF NEW.${where.column} = ${sqlText(where.value)} THEN ` : '';
  await sql
    .raw(
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${when}RAISE EXCEPTION ${sqlText(message)};${when ? ' END IF;' : ''} RETURN NEW; END $$`,
    )
    .execute(db.kysely);
  await sql
    .raw(`CREATE TRIGGER ${name} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`)
    .execute(db.kysely);
  return async () => {
    await sql.raw(`DROP TRIGGER ${name} ON ${table}`).execute(db.kysely);
    await sql.raw(`DROP FUNCTION ${name}()`).execute(db.kysely);
  };
}

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * A real database failure on every update of `table` (a trigger that raises, as a full disk
 * would). Answers how to remove it.
 */
export async function failUpdates(
  db: Db,
  table: string,
  message: string,
): Promise<() => Promise<void>> {
  const name = `fail_updates_${table}`;
  if (db.engine === 'sqlite') {
    db.sqlite!.exec(
      `CREATE TRIGGER ${name} BEFORE UPDATE ON ${table} BEGIN SELECT RAISE(ABORT, ${sqlText(message)}); END`,
    );
    return async () => {
      db.sqlite!.exec(`DROP TRIGGER ${name}`);
    };
  }
  await sql
    .raw(
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION ${sqlText(message)}; END $$`,
    )
    .execute(db.kysely);
  await sql
    .raw(`CREATE TRIGGER ${name} BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`)
    .execute(db.kysely);
  return async () => {
    await sql.raw(`DROP TRIGGER ${name} ON ${table}`).execute(db.kysely);
    await sql.raw(`DROP FUNCTION ${name}()`).execute(db.kysely);
  };
}
