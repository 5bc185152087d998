// The upload section (seed 000 §2): until the visitor is signed in with a confirmed ZIP it leads them
// there; then it holds the upload and render workflow.
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '#web/features/auth';
import { useWorkflow } from '#web/features/workflow';

// The workflow and its dialogs (upload, QR, progress, email, quote) load once it can be used.
const RenderWorkflow = lazy(() =>
  import('#web/features/render-workflow/components/render-workflow').then((module) => ({ default: module.RenderWorkflow })),
);

export function UploadSection() {
  const { user } = useCurrentUser();
  const { approvedZip, startWorkflow } = useWorkflow();
  const enabled = Boolean(user && approvedZip);

  return (
    <section id="upload" aria-labelledby="upload-title" className="bg-white px-4 py-20">
      <div className="mx-auto max-w-4xl text-center">
        <h2 id="upload-title" className="text-3xl font-bold">
          Upload Your Space
        </h2>
        <p className="mt-3 text-stone-600">
          {enabled
            ? `ZIP code ${approvedZip} confirmed. Upload a photo of your kitchen, backyard or any room.`
            : 'Confirm your MetroWest ZIP code to upload a photo of your kitchen, backyard or any room.'}
        </p>
        {enabled && approvedZip ? (
          <Suspense fallback={null}>
            <RenderWorkflow enabled zipCode={approvedZip} />
          </Suspense>
        ) : (
          <div className="mt-8 rounded-2xl border-2 border-dashed border-stone-300 bg-stone-50 p-10">
            <p className="text-lg font-medium">Drag and drop a photo here</p>
            <p className="mt-1 text-sm text-stone-600">JPEG, PNG, WebP or HEIC, up to 5 MB</p>
            <button
              type="button"
              onClick={startWorkflow}
              className="mt-5 rounded-lg bg-teal-700 px-5 py-3 font-semibold text-white hover:bg-teal-800"
            >
              {user ? 'Confirm Your ZIP Code' : 'Sign In to Continue'}
            </button>
          </div>
        )}
        <p className="mt-6 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900 md:hidden">
          <strong>iPhone tip:</strong> take your photo in good daylight with the whole room in view. We optimise it automatically, HEIC
          photos included.
        </p>
        <p className="mt-6 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <strong>AI Render Process:</strong> your preview stays blurred until you enter your email; we then send you the full
          high-resolution before and after images.
        </p>
      </div>
    </section>
  );
}
