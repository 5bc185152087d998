// The homeowner's email after the email step: before and after images, room and style, a quote button,
// five feedback star links, and the sender's postal footer with an unsubscribe link. HTML in the shared
// email layout, and a plain-text twin.
import { RATING_CAPTIONS } from '#shared/constants';
import { aiModelLabel, fallbackExplanation, isAiRender, type RenderCredit } from '#shared/render-credit';
import { EmailButton, EmailImage, EmailLayout, EmailRow, renderEmailHtml } from '#server/infra/mail/email-layout';

export type DesignReadyEmail = {
  name: string | null;
  roomLabel: string;
  styleName: string;
  /** Content ids of the inline images. */
  beforeCid: string;
  afterCid: string;
  quoteUrl: string;
  /** What made the after image: an AI model, or the offline preview (then the email says preview, not design). */
  credit: RenderCredit;
  feedbackUrl: (rating: number) => string;
  unsubscribeUrl: string;
  postalAddress: string;
};

const STARS = [5, 4, 3, 2, 1] as const;

/** "Rendered with AI (FLUX.1 Kontext [pro] on Replicate)." or what the offline preview is, and why it stood in. */
export function creditSentence(credit: RenderCredit): string {
  if (isAiRender(credit)) return `Rendered with AI (${aiModelLabel(credit)}).`;
  const why = fallbackExplanation(credit.fallbackReason);
  const madeBy = 'made by our offline preview engine from your own photo: a colour and style preview, not an AI render.';
  return why ? `${why[0].toUpperCase()}${why.slice(1)}, so this one was ${madeBy}` : `This preview was ${madeBy}`;
}

/** "design" when AI made it, "preview" when the offline engine did ("Your Kitchen design is ready"). */
const what = (credit: RenderCredit) => (isAiRender(credit) ? 'design' : 'preview');

function DesignReady(props: DesignReadyEmail) {
  return (
    <EmailLayout
      heading={`Your ${props.roomLabel} ${what(props.credit)} is ready`}
      intro={`${props.name ? `Hi ${props.name}, here` : 'Here'} are your full-resolution before and after images in the ${props.styleName} style. ${creditSentence(props.credit)}`}
      footer={
        <>
          {props.postalAddress} ·{' '}
          <a href={props.unsubscribeUrl} style={{ color: '#78716c' }}>
            Unsubscribe
          </a>
        </>
      }
    >
      <EmailRow padding="16px 28px">
        <EmailImage first label="BEFORE" cid={props.beforeCid} alt={`Your ${props.roomLabel.toLowerCase()} before`} />
        <EmailImage
          label={`${isAiRender(props.credit) ? 'AFTER' : 'PREVIEW'} · ${props.styleName.toUpperCase()}`}
          cid={props.afterCid}
          alt={`Your ${props.roomLabel.toLowerCase()} redesigned`}
        />
      </EmailRow>
      <EmailButton href={props.quoteUrl}>Get a Free Quote from Local Contractors</EmailButton>
      <EmailRow align="center" padding="0 28px 28px">
        <p style={{ margin: '0 0 8px' }}>How was your experience?</p>
        {STARS.map((rating) => (
          <a
            key={rating}
            href={props.feedbackUrl(rating)}
            title={RATING_CAPTIONS[rating]}
            style={{ color: '#f59e0b', fontSize: 26, textDecoration: 'none', margin: '0 3px' }}
          >
            {'★'.repeat(rating)}
            <span style={{ fontSize: 12, color: '#57534e', display: 'block' }}>{RATING_CAPTIONS[rating]}</span>
          </a>
        ))}
      </EmailRow>
    </EmailLayout>
  );
}

export function renderDesignReadyEmail(props: DesignReadyEmail): { subject: string; html: string; text: string } {
  const html = renderEmailHtml(<DesignReady {...props} />);
  const text = [
    `${props.name ? `Hi ${props.name},` : 'Hello,'}`,
    '',
    `Your ${props.roomLabel.toLowerCase()} ${what(props.credit)} in the ${props.styleName} style is ready. The before and after images are attached.`,
    creditSentence(props.credit),
    '',
    `Get a free quote from local contractors: ${props.quoteUrl}`,
    '',
    'How was your experience?',
    ...STARS.map((rating) => `${'★'.repeat(rating)} ${RATING_CAPTIONS[rating]}: ${props.feedbackUrl(rating)}`),
    '',
    '--',
    props.postalAddress,
    `Unsubscribe: ${props.unsubscribeUrl}`,
  ].join('\n');
  return { subject: `Your ${props.roomLabel} ${what(props.credit)} is ready`, html, text };
}
