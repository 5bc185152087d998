// What other features may use of the render workflow: the quote form (the feed's 'get a quote for a design
// like this', My Designs), the email step (My Designs), the before/after slider and the rendered-by label.
export { QuoteDialog } from './components/quote-dialog';
export { EmailDialog } from './components/email-dialog';
export { BeforeAfterSlider } from './components/before-after-slider';
export { RenderedBy } from './components/rendered-by';
