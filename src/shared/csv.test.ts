import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from './csv';

describe('csv', () => {
  it('quotes only what needs quoting and doubles quotes', () => {
    expect(csvRow(['plain', 'a,b', 'say "hi"', 'two\nlines', 42, true, null, undefined])).toBe(
      'plain,"a,b","say ""hi""","two\nlines",42,true,,\r\n',
    );
  });

  it('defuses spreadsheet formulas in text but keeps negative numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-5)).toBe('-5');
    // A credit written as text with its cents stays a number; anything more is still defused.
    expect(csvField('-25.00')).toBe('-25.00');
    expect(csvField('-25.00+A1')).toBe("'-25.00+A1");
    expect(csvField('-1e9')).toBe("'-1e9");
  });
});
