// The upload and render workflow (seed 000 §4 "Upload workflow"): a photo is uploaded, then room type,
// engine and style are chosen, the render runs with live progress, and the result appears 500 ms after
// completion. Closing any step resets the workflow.
import { useCallback, useRef, useState, useSyncExternalStore, type DragEvent } from 'react';
import { TIMERS_MS, type AiEngineId, type RoomType } from '#shared/constants';
import { UPLOAD_ERRORS } from '#shared/messages';
import type { RenderState } from '#shared/render.schema';
import { cancelRender } from '../api/cancel-render';
import { startRender } from '../api/start-render';
import { uploadPhoto, type UploadedPhoto } from '../api/upload-photo';
import { useRenderStream } from '../hooks/use-render-stream';
import { ACCEPT_ATTRIBUTE, checkFileBeforeUpload } from '../upload-rules';
import { EngineDialog, RoomTypeDialog } from './choice-dialogs';
import { GenerationOverlay } from './generation-overlay';
import { QrUploadDialog } from './qr-upload-dialog';
import { EmailDialog } from './email-dialog';
import { QuoteDialog } from './quote-dialog';
import { StyleDialog, type StyleChoice } from './style-dialog';

type Step =
  | { name: 'idle' }
  | { name: 'uploading' }
  | { name: 'qr' }
  | { name: 'room'; upload: UploadedPhoto }
  | { name: 'engine'; upload: UploadedPhoto; roomType: RoomType }
  | { name: 'style'; upload: UploadedPhoto; roomType: RoomType; engine: AiEngineId }
  | { name: 'generating'; render: RenderState; roomType: RoomType }
  | { name: 'email'; render: RenderState; roomType: RoomType }
  | { name: 'quote'; render: RenderState; roomType: RoomType };

const CARDS = [
  { key: 'file', title: 'File Upload', text: 'Choose a photo from your computer' },
  { key: 'mobile', title: 'Mobile Upload', text: 'Take a photo directly' },
  { key: 'qr', title: 'QR Code Upload', text: 'Scan to upload from mobile' },
] as const;

/** On a phone the computer's choices make no sense: the camera and the photo library instead, and no QR code (it moves a design from a computer to a phone). */
const PHONE_CARDS = [
  { key: 'mobile', title: 'Take a Photo', text: 'Open your camera and photograph the room' },
  { key: 'file', title: 'Choose from Library', text: 'Pick a photo you already took' },
] as const;

/** A phone: a touch screen as the main pointer and a narrow window. False while prerendering and hydrating. */
const PHONE_QUERY = '(pointer: coarse) and (max-width: 768px)';
function useIsPhone(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(PHONE_QUERY);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

export function RenderWorkflow({ enabled, zipCode }: { enabled: boolean; zipCode: string }) {
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const processing = step.name === 'uploading';
  const canUpload = enabled && !processing;
  const isPhone = useIsPhone();
  const cards = isPhone ? PHONE_CARDS : CARDS;

  const reset = useCallback(() => setStep({ name: 'idle' }), []);

  async function accept(file: File | undefined) {
    if (!file || !canUpload) return;
    setError(null);
    const problem = checkFileBeforeUpload(file);
    if (problem) return setError(problem);
    setStep({ name: 'uploading' });
    try {
      const upload = await uploadPhoto(file);
      setStep({ name: 'room', upload });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : UPLOAD_ERRORS.UNEXPECTED);
      setStep({ name: 'idle' });
    }
  }

  async function generate(choice: StyleChoice) {
    if (step.name !== 'style') return;
    try {
      const render = await startRender({ uploadId: step.upload.id, roomType: step.roomType, engine: step.engine, ...choice });
      setStep({ name: 'generating', render, roomType: step.roomType });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : UPLOAD_ERRORS.UNEXPECTED);
      reset();
    }
  }

  const onComplete = useCallback((render: RenderState, roomType: RoomType) => {
    setStep({ name: 'idle' });
    window.setTimeout(() => setStep({ name: 'email', render, roomType }), TIMERS_MS.emailModalAfterCompletion);
  }, []);

  const onQrUploaded = useCallback((upload: UploadedPhoto) => setStep({ name: 'room', upload }), []);

  const openCard = (key: (typeof CARDS)[number]['key']) => {
    if (key === 'qr') return setStep({ name: 'qr' });
    (key === 'mobile' ? cameraInput : fileInput).current?.click();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void accept(event.dataTransfer.files[0]);
  };

  return (
    <>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (canUpload) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        aria-disabled={!canUpload}
        data-testid="dropzone"
        className={`mt-8 rounded-2xl border-2 border-dashed p-10 ${dragging ? 'border-teal-600 bg-teal-100' : canUpload ? 'border-teal-600 bg-teal-50/50' : 'border-stone-300 bg-stone-50'}`}
      >
        <p className="text-lg font-medium">{isPhone ? 'Add a photo of your room' : 'Drag and drop a photo here'}</p>
        <p className="mt-1 text-sm text-stone-600">JPEG, PNG, WebP or HEIC, up to 5 MB</p>
        <button
          type="button"
          disabled={!canUpload}
          onClick={() => fileInput.current?.click()}
          className="mt-5 rounded-lg bg-teal-700 px-5 py-3 font-semibold text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-50"
        >
          Choose File
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose a photo"
          data-testid="file-input"
          onChange={(event) => {
            void accept(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <input
          ref={cameraInput}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-label="Take a photo"
          onChange={(event) => {
            void accept(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>

      <ul className={`mt-6 grid gap-4 ${cards.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        {cards.map((card) => (
          <li key={card.key}>
            <button
              type="button"
              disabled={!canUpload}
              onClick={() => openCard(card.key)}
              className="w-full rounded-xl border border-stone-200 p-5 text-left hover:border-teal-600 disabled:cursor-not-allowed disabled:opacity-60"
            >
              <span className="block font-semibold">{card.title}</span>
              <span className="block text-sm text-stone-600">{card.text}</span>
            </button>
          </li>
        ))}
      </ul>

      {processing && (
        <div role="status" className="mt-6 rounded-xl bg-teal-50 px-4 py-3 text-left text-teal-900">
          <strong>Processing Your Image</strong>
          <p className="text-sm">Optimising your photo for the AI designer…</p>
        </div>
      )}
      {error && (
        <div role="alert" className="mt-6 rounded-xl bg-red-50 px-4 py-3 text-left text-red-800">
          <strong>Upload Error</strong>
          <p className="text-sm">{error}</p>
          <button type="button" onClick={() => setError(null)} className="mt-1 text-sm font-semibold underline">
            Try Again
          </button>
        </div>
      )}

      <RoomTypeDialog
        key={`room-${step.name === 'room' ? step.upload.id : ''}`}
        open={step.name === 'room'}
        photoUrl={step.name === 'room' ? step.upload.imageUrl : null}
        onCancel={reset}
        onContinue={(roomType) => step.name === 'room' && setStep({ name: 'engine', upload: step.upload, roomType })}
      />
      <EngineDialog
        key={`engine-${step.name === 'engine' ? step.upload.id : ''}`}
        open={step.name === 'engine'}
        onCancel={reset}
        onContinue={(engine) => step.name === 'engine' && setStep({ name: 'style', upload: step.upload, roomType: step.roomType, engine })}
      />
      {step.name === 'style' && (
        <StyleDialog open roomType={step.roomType} engine={step.engine} onCancel={reset} onContinue={(choice) => void generate(choice)} />
      )}
      {step.name === 'qr' && <QrUploadDialog onUploaded={onQrUploaded} onClose={reset} />}
      {step.name === 'generating' && (
        <LiveGeneration initial={step.render} onComplete={(render) => onComplete(render, step.roomType)} onClose={reset} />
      )}
      {step.name === 'email' && (
        <EmailDialog
          render={step.render}
          roomType={step.roomType}
          zipCode={zipCode}
          onWantsQuote={() => setStep({ name: 'quote', render: step.render, roomType: step.roomType })}
          onClose={reset}
        />
      )}
      {step.name === 'quote' && (
        <QuoteDialog
          target={{ designRequestId: step.render.id }}
          roomType={step.roomType}
          zipCode={zipCode}
          design={{ beforeUrl: step.render.originalUrl, afterUrl: `/api/renders/${step.render.id}/result`, caption: 'Your new design' }}
          onClose={reset}
        />
      )}
    </>
  );
}

function LiveGeneration({
  initial,
  onComplete,
  onClose,
}: {
  initial: RenderState;
  onComplete: (render: RenderState) => void;
  onClose: () => void;
}) {
  const render = useRenderStream(initial) ?? initial;
  const closeAndCancel = () => {
    // Closing while it runs stops the render on the server (and at a paid provider).
    if (render.status === 'queued' || render.status === 'running') void cancelRender(render.id).catch(() => undefined);
    onClose();
  };
  return <GenerationOverlay render={render} onComplete={onComplete} onFailed={onClose} onClose={closeAndCancel} />;
}
