// /account: the signed-in person's own things. My Designs, the password and signed-in devices, their data
// as a zip, and deleting the account.
import { useState } from 'react';
import { ACCOUNT_EXPORT_PATH } from '#shared/account.schema';
import { DeleteAccountDialog } from '#web/features/account/components/delete-account-dialog';
import { PasswordSection } from '#web/features/account/components/password-section';
import { MyDesigns } from '#web/features/my-designs/components/my-designs';
import { MY_DESIGNS_ANCHOR } from '#shared/pages';
import { useCurrentUser } from '#web/features/auth/components/session-provider';
import { useWorkflow } from '#web/features/workflow/components/workflow-provider';
import { StaticPageLayout } from './static-page-layout';

export function AccountPage() {
  const { user, isPending } = useCurrentUser();
  const { showSignIn } = useWorkflow();
  const [confirming, setConfirming] = useState(false);

  if (isPending) return <p className="p-8 text-center text-stone-600">Loading ...</p>;
  if (!user) {
    return (
      <StaticPageLayout title="My Account">
        <p>Sign in to see your account.</p>
        <button type="button" onClick={showSignIn} className="rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white">
          Sign In
        </button>
      </StaticPageLayout>
    );
  }

  return (
    <StaticPageLayout title="My Account" intro={`Signed in as ${user.email}.`}>
      <section aria-labelledby={MY_DESIGNS_ANCHOR} className="scroll-mt-4">
        <h2 id={MY_DESIGNS_ANCHOR}>My Designs</h2>
        <MyDesigns />
      </section>
      <PasswordSection />
      <section aria-labelledby="your-data">
        <h2 id="your-data">Your data</h2>
        <p>
          One zip file with your profile, the photos you uploaded, the designs made from them, the requests you sent us and your feedback.
        </p>
        {/* A plain download: the browser sends the session cookie and saves the file the server names. */}
        <a
          href={ACCOUNT_EXPORT_PATH}
          download
          className="mt-3 inline-block rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800"
        >
          Download my data
        </a>
      </section>
      <section aria-labelledby="delete-account">
        <h2 id="delete-account">Delete your account</h2>
        <p>Deletes your photos and designs, signs you out everywhere and stops our emails.</p>
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="mt-3 rounded-lg border border-red-700 px-4 py-2 font-semibold text-red-700 hover:bg-red-50"
        >
          Delete my account
        </button>
      </section>
      <DeleteAccountDialog
        open={confirming}
        onOpenChange={setConfirming}
        email={user.email}
        onDeleted={() => window.location.assign('/?account=deleted')}
      />
    </StaticPageLayout>
  );
}
