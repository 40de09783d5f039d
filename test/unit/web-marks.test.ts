import { describe, expect, it } from 'vitest';
import { parseMarks } from '../../src/web/marks.js';
import { hanging, paint, together, whole } from '../../src/text/markup.js';

describe('the page\'s reading of the marks', () => {
  it('turns marks into nested styled runs', () => {
    expect(parseMarks(`You ${paint('won', `won ${paint('coins', '50')} coins`)}!`)).toEqual([
      'You ',
      { style: 'won', children: ['won ', { style: 'coins', children: ['50'] }, ' coins'] },
      '!',
    ]);
    expect(parseMarks('plain')).toEqual(['plain']);
  });

  it('keeps art and its spoken form side by side', () => {
    expect(parseMarks(`${paint('art', '[ 3 | 4 ]')}${paint('spoken', 'Squares 3 and 4.')}`)).toEqual([
      { style: 'art', children: ['[ 3 | 4 ]'] },
      { style: 'spoken', children: ['Squares 3 and 4.'] },
    ]);
  });

  it('drops the hints for fixed-width wrapping: the page wraps its own pane', () => {
    expect(parseMarks(`${hanging('  look', 'Look around.', 10)}\n${whole('revealed abc')}\n${together('Ana is the HERO')}!`)).toEqual(['  look    Look around.\nrevealed abc\nAna is the HERO!']);
  });

  it('loses no text on broken marks', () => {
    expect(parseMarks('\u000e?odd\u000f tail')).toEqual([{ style: null, children: ['odd'] }, ' tail']);
    expect(parseMarks('a\u000fb')).toEqual(['a', 'b']);
    expect(parseMarks('\u000erunclosed')).toEqual([{ style: 'room', children: ['unclosed'] }]);
    expect(parseMarks('end\u000e')).toEqual(['end']);
  });
});
