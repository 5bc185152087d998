// /try-ai: what the AI designer does and how to start; the button starts the same workflow as the home page.
import { useNavigate } from '#web/lib/router';
import { AI_ENGINES, ROOM_TYPES } from '#shared/constants';
import { useWorkflow } from '#web/features/workflow/components/workflow-provider';
import { StaticPageLayout } from './static-page-layout';

export function TryAiPage() {
  const navigate = useNavigate();
  const { startWorkflow } = useWorkflow();
  const start = () => {
    navigate('/');
    window.setTimeout(startWorkflow, 100);
  };
  return (
    <StaticPageLayout
      title="Try the AI Designer"
      intro="Turn a photo of your room into a redesign in a few steps. It is free for MetroWest homeowners."
    >
      <h2>What you need</h2>
      <ul>
        <li>An account (it takes a minute) and a ZIP code in MetroWest, Massachusetts.</li>
        <li>A photo of the space: JPEG, PNG, WebP or an iPhone HEIC photo, up to 5 MB. Daylight and a wide angle work best.</li>
      </ul>
      <h2>Rooms you can redesign</h2>
      <p>{ROOM_TYPES.map((room) => room.label).join(', ')}.</p>
      <h2>Two engines</h2>
      <ul>
        {AI_ENGINES.map((engine) => (
          <li key={engine.id}>
            <strong>{engine.name}</strong>: {engine.summary.toLowerCase()}.
          </li>
        ))}
      </ul>
      <h2>What happens next</h2>
      <p>
        You pick a style or describe your own, and watch the design come together. The preview stays blurred until you enter your email; we
        then send you the full high-resolution before and after images, and you can ask local contractors for a free quote.
      </p>
      <button
        type="button"
        onClick={start}
        className="rounded-xl bg-teal-700 px-6 py-3.5 text-lg font-semibold text-white hover:bg-teal-800"
      >
        Start My Redesign
      </button>
    </StaticPageLayout>
  );
}
