// What other features may use of the render workflow: the quote form (the feed's 'get a quote for a design like this').
export { QuoteDialog } from './components/quote-dialog';
