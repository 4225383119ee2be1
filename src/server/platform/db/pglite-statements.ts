import { protocol, types, type messages, type PGlite } from '@electric-sql/pglite';

import { GENERIC_PLAN_MARK, PLAN_CACHE_MODE } from './prepared';

type BackendMessage = messages.BackendMessage;

type Field = { name: string; dataTypeID: number };
type Prepared = { name: string; paramTypes: number[]; fields: Field[] };
export type StatementResult = { rows: Record<string, unknown>[]; affectedRows: number };

/** Statements worth keeping prepared: queries and row changes, the same text run again and again. */
const REUSABLE = /^\s*(select|with|insert|update|delete)\b/i;
/** Statements that change no schema, so prepared statements stay valid across them. */
const SCHEMA_NEUTRAL =
  /^\s*(begin|start|commit|end|rollback|savepoint|release|set|show|reset|lock|explain|listen|unlisten|notify|vacuum|analyze)\b/i;
const CHANGES_ROWS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Named prepared statements on PGlite's one connection. `PGlite.query` parses, describes, binds,
 * describes again and executes each statement in five calls into the database, and PostgreSQL
 * parses the text every time. Here a statement's text is parsed and described once (each run is
 * still planned for its values, see PLAN_CACHE_MODE in database.ts);
 * later runs send bind + execute + sync as one message and reuse the parameter and column types
 * learnt then. Values are serialised and columns parsed with PGlite's own serialisers and parsers,
 * so results are the same as `query`'s. A schema change (any statement that is neither a query,
 * a row change nor transaction control) drops every prepared statement, and so does reaching
 * `capacity` outside a transaction, so the cache cannot grow without bound.
 *
 * Planning is most of the work of a lookup by key, and here it runs on the server's only thread:
 * statements marked with GENERIC_PLAN_MARK (preparedQuery) run with a generic plan, planned once.
 * The mode is switched only outside transactions, before the statement that needs the other one,
 * so every transaction (it starts with an unmarked `begin`) runs with PLAN_CACHE_MODE throughout.
 */
export class PreparedStatements {
  private readonly prepared = new Map<string, Prepared>();
  private next = 0;
  /** The connection's plan_cache_mode as last set here (unknown at first). */
  private planMode: string | undefined;

  constructor(
    private readonly db: PGlite,
    private readonly capacity = 200,
  ) {}

  async run(text: string, params: readonly unknown[]): Promise<StatementResult> {
    if (!this.db.isInTransaction()) {
      const mode = text.endsWith(GENERIC_PLAN_MARK) ? 'force_generic_plan' : PLAN_CACHE_MODE;
      if (mode !== this.planMode) {
        await this.db.execProtocol(protocol.serialize.query(`set plan_cache_mode = ${mode}`), { syncToFs: false });
        this.planMode = mode;
      }
    }
    if (!REUSABLE.test(text)) {
      const result = await this.db.query<Record<string, unknown>>(text, params as unknown[], { rowMode: 'object' });
      if (!SCHEMA_NEUTRAL.test(text)) await this.dropAll();
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    }
    const statement = this.prepared.get(text) ?? (await this.prepare(text, params));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = this.db.serializers[statement.paramTypes[i] ?? 0];
      return serialize ? serialize(value) : String(value);
    });
    const messages = await this.exchange(
      concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      text,
      params,
    );
    return this.results(messages, statement.fields);
  }

  private async prepare(text: string, params: readonly unknown[]): Promise<Prepared> {
    if (this.prepared.size >= this.capacity && !this.db.isInTransaction()) await this.dropAll();
    const name = `planport_${++this.next}`;
    const messages = await this.exchange(
      concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      text,
      params,
    );
    let paramTypes: number[] = [];
    let fields: Field[] = [];
    for (const m of messages) {
      if (m.name === 'parameterDescription') paramTypes = (m as messages.ParameterDescriptionMessage).dataTypeIDs;
      if (m.name === 'rowDescription')
        fields = (m as messages.RowDescriptionMessage).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    }
    const statement = { name, paramTypes, fields };
    this.prepared.set(text, statement);
    return statement;
  }

  /** One message to the database; its errors carry the statement like `PGlite.query`'s. */
  private async exchange(message: Uint8Array, text: string, params: readonly unknown[]): Promise<BackendMessage[]> {
    try {
      const { messages } = await this.db.execProtocol(message, { syncToFs: false });
      if (!this.db.isInTransaction()) await this.db.syncToFs();
      return messages;
    } catch (e) {
      if (e instanceof Error && 'code' in e) Object.assign(e, { query: text, params });
      throw e;
    }
  }

  private results(messages: BackendMessage[], fields: Field[]): StatementResult {
    const rows: Record<string, unknown>[] = [];
    let affectedRows = 0;
    const parsers = this.db.parsers;
    for (const m of messages) {
      if (m.name === 'dataRow') {
        const values = (m as messages.DataRowMessage).fields;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < fields.length; i++) {
          const field = fields[i]!;
          row[field.name] = types.parseType(values[i] ?? null, field.dataTypeID, parsers);
        }
        rows.push(row);
      } else if (m.name === 'commandComplete') {
        const parts = (m as messages.CommandCompleteMessage).text.split(' ');
        if (CHANGES_ROWS.has(parts[0]!)) affectedRows += Number(parts[parts.length - 1]);
      }
    }
    return { rows, affectedRows };
  }

  private async dropAll(): Promise<void> {
    if (this.prepared.size === 0) return;
    this.prepared.clear();
    await this.db.exec('deallocate all');
  }
}
