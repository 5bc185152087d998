// Makes SQLite and PostgreSQL look the same to app code: timestamps are ISO strings, booleans are
// booleans. better-sqlite3 cannot bind booleans or Dates and returns 0/1; pg returns Date objects.
import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

export type DatabaseKind = 'sqlite' | 'postgres';

function toSqliteParameter(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

class SqliteParameterTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return { ...super.transformValue(node), value: toSqliteParameter(node.value) };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...super.transformPrimitiveValueList(node), values: node.values.map(toSqliteParameter) };
  }
}

export class PortableValuesPlugin implements KyselyPlugin {
  readonly #parameters = new SqliteParameterTransformer();

  constructor(
    private readonly kind: DatabaseKind,
    private readonly booleanColumns: ReadonlySet<string>,
  ) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.kind === 'sqlite' ? this.#parameters.transformNode(args.node) : args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const { result } = args;
    if (!result.rows.length) return result;
    return { ...result, rows: result.rows.map((row) => this.#normaliseRow(row)) };
  }

  #normaliseRow(row: UnknownRow): UnknownRow {
    const out: UnknownRow = {};
    for (const [key, value] of Object.entries(row)) {
      if (value instanceof Date) out[key] = value.toISOString();
      else if (this.kind === 'sqlite' && typeof value === 'number' && this.booleanColumns.has(key)) out[key] = value !== 0;
      else out[key] = value;
    }
    return out;
  }
}
