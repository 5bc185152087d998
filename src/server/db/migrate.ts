// Applies the migrations at start-up. The list is explicit so it works the same from source and from a bundle.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/2026-11-22-0001-initial';
import * as site from './migrations/2026-11-22-0002-site';
import * as jobs from './migrations/2026-11-22-0003-jobs';
import * as mailLease from './migrations/2026-11-22-0004-mail-lease';
import * as analytics from './migrations/2026-11-22-0005-analytics';
import * as feed from './migrations/2026-11-22-0006-feed';
import * as admin from './migrations/2026-11-22-0007-admin';
import * as providerJob from './migrations/2026-11-22-0008-provider-job';
import * as leadScoring from './migrations/2026-11-22-0009-lead-scoring';
import * as leadInsights from './migrations/2026-11-22-0010-lead-insights';
import * as dataLifecycle from './migrations/2026-11-22-0011-data-lifecycle';
import * as trustBoundary from './migrations/2026-11-24-0012-trust-boundary';
import * as leadBusiness from './migrations/2026-11-24-0013-lead-business';
import * as homeownerContent from './migrations/2026-11-24-0014-homeowner-content';
import * as aiSpend from './migrations/2026-11-24-0015-ai-spend';
import * as designResults from './migrations/2026-11-24-0016-design-results';
import * as scoreRecalculations from './migrations/2026-11-24-0017-score-recalculations';
import * as leadSearch from './migrations/2026-11-24-0018-lead-search';
import * as scoreExplanationsOnRead from './migrations/2026-11-24-0019-score-explanations-on-read';
import * as scoresRewrittenInPlace from './migrations/2026-11-25-0020-scores-rewritten-in-place';

const migrations: Record<string, Migration> = {
  '2026-11-22-0001-initial': initial,
  '2026-11-22-0002-site': site,
  '2026-11-22-0003-jobs': jobs,
  '2026-11-22-0004-mail-lease': mailLease,
  '2026-11-22-0005-analytics': analytics,
  '2026-11-22-0006-feed': feed,
  '2026-11-22-0007-admin': admin,
  '2026-11-22-0008-provider-job': providerJob,
  '2026-11-22-0009-lead-scoring': leadScoring,
  '2026-11-22-0010-lead-insights': leadInsights,
  '2026-11-22-0011-data-lifecycle': dataLifecycle,
  '2026-11-24-0012-trust-boundary': trustBoundary,
  '2026-11-24-0013-lead-business': leadBusiness,
  '2026-11-24-0014-homeowner-content': homeownerContent,
  '2026-11-24-0015-ai-spend': aiSpend,
  '2026-11-24-0016-design-results': designResults,
  '2026-11-24-0017-score-recalculations': scoreRecalculations,
  '2026-11-24-0018-lead-search': leadSearch,
  '2026-11-24-0019-score-explanations-on-read': scoreExplanationsOnRead,
  '2026-11-25-0020-scores-rewritten-in-place': scoresRewrittenInPlace,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
