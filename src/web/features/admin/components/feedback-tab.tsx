// Feedback (seed 001 §2): overview cards, the 5-to-1 breakdown, and the table. A homeowner who agreed to be
// quoted can be put on their town's page (first name and town only) with "Show on town page".
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FeedbackRow } from '#shared/back-office.schema';
import { setQuoteApproval } from '../api/approve-quote';
import { BACK_OFFICE_MESSAGES } from '#shared/messages';
import { feedbackQuery } from '../api/get-all-feedback';
import { DataTable, formatDateTime, StatCard, TabState } from '#web/components/ui/back-office';
import { roomTypeLabel } from '#shared/constants';

export function FeedbackTab({ query }: { query: string }) {
  const feedback = useQuery(feedbackQuery(query));
  const rows = feedback.data?.feedback ?? [];
  const stats = feedback.data?.stats;
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  async function approve(entry: FeedbackRow, approved: boolean) {
    setProblem(null);
    try {
      await setQuoteApproval(entry.id, approved);
      await queryClient.invalidateQueries({ queryKey: feedbackQuery(query).queryKey });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }
  return (
    <TabState loading={feedback.isPending} error={feedback.error} empty={rows.length === 0} emptyText={BACK_OFFICE_MESSAGES.noFeedback}>
      {stats && (
        <div className="grid gap-3 sm:grid-cols-3">
          <StatCard label="Total Feedback" value={stats.totalFeedback} />
          <StatCard label="Average Rating" value={Number(stats.avgRating).toFixed(1)} />
          <StatCard label="With Comments" value={stats.withComments} />
        </div>
      )}
      {stats && (
        <ul className="my-4 flex flex-wrap gap-3 text-sm" aria-label="Ratings breakdown">
          {[5, 4, 3, 2, 1].map((rating) => (
            <li key={rating} className="rounded-lg bg-white px-3 py-2 shadow-sm ring-1 ring-stone-200">
              {'★'.repeat(rating)} <span className="font-semibold">{stats.ratings[rating] ?? 0}</span>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      <DataTable headers={['Customer', 'Project', 'Rating', 'Comment', 'Source', 'Date', 'Quote on site']}>
        {rows.map((entry) => (
          <tr key={entry.id} data-testid="feedback-row">
            <td className="px-3 py-2">
              <p>{entry.leads?.name || 'Anonymous'}</p>
              <p className="text-stone-600">{entry.leads?.email ?? ''}</p>
            </td>
            <td className="px-3 py-2">{entry.leads ? `${roomTypeLabel(entry.leads.room_type)} - ${entry.leads.style ?? ''}` : '—'}</td>
            <td className="px-3 py-2">{entry.rating}/5</td>
            <td className="px-3 py-2">{entry.comment || 'No comment'}</td>
            <td className="px-3 py-2">{entry.source ?? '—'}</td>
            <td className="px-3 py-2">{formatDateTime(entry.created_at)}</td>
            <td className="px-3 py-2">
              {entry.quote.consent ? (
                <>
                  <p className="text-stone-600">
                    As {entry.quote.name}
                    {entry.quote.town ? `, ${entry.quote.town}` : ' (no town: not shown on a town page)'}
                  </p>
                  <button
                    type="button"
                    onClick={() => void approve(entry, !entry.quote.approved)}
                    className="mt-1 rounded-lg border border-teal-700 px-2 py-1 text-xs font-semibold text-teal-800 hover:bg-teal-50"
                  >
                    {entry.quote.approved ? 'Remove from town page' : 'Show on town page'}
                  </button>
                </>
              ) : (
                <span className="text-stone-500">Not agreed</span>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </TabState>
  );
}
