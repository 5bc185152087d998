// My Designs: every design the homeowner made, newest first, so nothing is lost when the workflow's
// modals close. Each card shows the before and after (the after blurred until the email step, as
// everywhere), what made the image, the style and date, and the actions: see the full design (the email
// step), download, get a free quote, delete. /account?quote=<leadId> (the design email's button) opens
// the quote form for that design.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { roomTypeLabel, type RoomType } from '#shared/constants';
import type { MyDesign } from '#shared/my-designs.schema';
import { useConfirmDialog } from '#web/components/ui/confirm-dialog';
import { FormMessage } from '#web/components/ui/form-field';
import { useCurrentUser } from '#web/features/auth';
import { EmailDialog, QuoteDialog } from '#web/features/render-workflow';
import { useWorkflow } from '#web/features/workflow';
import { MY_DESIGNS_ANCHOR } from '#shared/pages';
import { useNavigate, useSearchParams } from '#web/lib/router';
import { deleteMyDesign } from '../api/delete-my-design';
import { myDesignsQuery } from '../api/get-my-designs';
import { ConfirmationReminder } from './confirmation-reminder';
import { DesignCard, designTitle } from './design-card';

type Open = { kind: 'email' | 'quote'; design: MyDesign; wantsQuote?: boolean } | null;

export function MyDesigns() {
  const { user } = useCurrentUser();
  const { approvedZip, startWorkflow } = useWorkflow();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(myDesignsQuery(user?.id));
  const designs = query.data?.pages.flatMap((page) => page.designs) ?? [];
  const [chosen, setOpen] = useState<Open>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { confirm, dialog } = useConfirmDialog();
  // /account?quote=<leadId> (the design email's button) opens the quote form for that design.
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const quoteLeadId = params.get('quote');
  const linked = quoteLeadId ? designs.find((design) => design.leadId === quoteLeadId) : undefined;
  const open: Open = chosen ?? (linked ? { kind: 'quote', design: linked } : null);
  // An older design's link: read on through the pages until it turns up.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (quoteLeadId && !linked && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [quoteLeadId, linked, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['my-designs'] });
  const close = () => {
    setOpen(null);
    // Drop the link's parameter, so closing the form (or a reload) does not open it again.
    if (quoteLeadId) navigate(`${window.location.pathname}#${MY_DESIGNS_ANCHOR}`, { replace: true });
    refresh();
  };

  async function remove(design: MyDesign) {
    if (!(await confirm(`Delete your ${designTitle(design)} design? Its images are deleted for good.`, 'Delete design'))) return;
    setProblem(null);
    try {
      await deleteMyDesign(design.id);
      refresh();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  const zipCode = approvedZip ?? '';
  return (
    <div>
      {query.isPending && <p className="text-stone-600">Loading your designs…</p>}
      {query.isError && <FormMessage kind="error">Your designs could not be loaded. Please reload the page.</FormMessage>}
      {problem && <FormMessage kind="error">{problem}</FormMessage>}
      {designs.some((design) => design.awaitingConfirmation) && <ConfirmationReminder />}
      {quoteLeadId && query.isSuccess && !linked && !hasNextPage && (
        <FormMessage kind="error">That design is not in this account. Sign in with the address the email was sent to.</FormMessage>
      )}
      {query.isSuccess && designs.length === 0 && (
        <div className="rounded-xl border border-dashed border-stone-300 p-6 text-center">
          <p>You have no designs yet.</p>
          <button
            type="button"
            onClick={startWorkflow}
            className="mt-3 rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800"
          >
            Redesign a Room
          </button>
        </div>
      )}
      <ul className="grid gap-6 sm:grid-cols-2" aria-label="My designs">
        {designs.map((design) => (
          <li key={design.id} className="ml-0! list-none!">
            <DesignCard
              design={design}
              onSeeFull={() => setOpen({ kind: 'email', design })}
              onQuote={() => setOpen(design.leadId ? { kind: 'quote', design } : { kind: 'email', design, wantsQuote: true })}
              onDelete={() => void remove(design)}
            />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <button
          type="button"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          className="mt-6 rounded-lg border border-stone-300 px-4 py-2 font-semibold hover:bg-stone-100"
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Show older designs'}
        </button>
      )}
      {open?.kind === 'email' && (
        <EmailDialog
          render={open.design.render}
          roomType={open.design.roomType as RoomType}
          zipCode={zipCode}
          wantsQuote={open.wantsQuote}
          onWantsQuote={() => setOpen({ kind: 'quote', design: open.design })}
          onClose={close}
        />
      )}
      {open?.kind === 'quote' && (
        <QuoteDialog
          target={{ designRequestId: open.design.id }}
          roomType={open.design.roomType as RoomType}
          zipCode={zipCode}
          design={{
            beforeUrl: open.design.render.originalUrl,
            afterUrl: open.design.render.resultUrl ?? open.design.render.previewUrl ?? '',
            caption: `${designTitle(open.design)} · ${roomTypeLabel(open.design.roomType)}`,
          }}
          onClose={close}
        />
      )}
      {dialog}
    </div>
  );
}
