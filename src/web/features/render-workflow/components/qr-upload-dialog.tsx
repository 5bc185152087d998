// The desktop side of 'QR Code Upload': a QR code for a short-lived, single-use link, and a watch for
// the photo the phone sends; the workflow carries on by itself when it arrives.
import { useEffect, useState } from 'react';
import { Modal } from '#web/components/ui/modal';
import type { NewUploadLink as UploadLink } from '#shared/upload.schema';
import { createUploadLink } from '../api/create-upload-link';
import { fetchUploadLink } from '../api/get-upload-link';
import type { UploadedPhoto } from '../api/upload-photo';

const POLL_MS = 1500;

export function QrUploadDialog({ onUploaded, onClose }: { onUploaded: (upload: UploadedPhoto) => void; onClose: () => void }) {
  const [link, setLink] = useState<UploadLink | null>(null);
  const [expired, setExpired] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    createUploadLink()
      .then((created) => !cancelled && setLink(created))
      .catch((failure: Error) => !cancelled && setError(failure.message));
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  useEffect(() => {
    if (!link) return;
    const timer = window.setInterval(() => {
      fetchUploadLink(link.id)
        .then((status) => {
          if (status.upload) {
            window.clearInterval(timer);
            onUploaded(status.upload);
          } else if (status.expired) {
            window.clearInterval(timer);
            setExpired(true);
          }
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [link, onUploaded]);

  const renew = () => {
    setLink(null);
    setExpired(false);
    setAttempt((count) => count + 1);
  };

  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title="Upload from Your Phone"
      description="Scan this code with your phone's camera, then take or choose a photo. This page continues by itself."
    >
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {link && !expired && (
        <div className="text-center">
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(link.qrSvg)}`}
            alt="QR code for uploading from your phone"
            className="mx-auto h-56 w-56"
            data-testid="qr-code"
            data-url={link.url}
          />
          <p className="mt-3 text-sm text-stone-600">Waiting for your photo… The code works once and expires in 10 minutes.</p>
        </div>
      )}
      {expired && (
        <div className="text-center">
          <p className="text-stone-700">This code has expired.</p>
          <button
            type="button"
            onClick={renew}
            className="mt-3 rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800"
          >
            Show a New Code
          </button>
        </div>
      )}
      {!link && !error && <p className="text-center text-stone-600">Creating your code…</p>}
    </Modal>
  );
}
