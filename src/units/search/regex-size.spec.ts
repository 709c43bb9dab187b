import { regexSize } from './regex-size';

describe('regexSize', () => {
  it.each([
    ['hello', 5],
    ['^Hello (world|again)$', 16],
    ['\\d{4}-\\d{2}', 7],
    ['[a-z]{2,3}', 3],
    ['(\\w+\\s){1,10}', 30],
    ['^.{100,}$', 102],
    ['.{255}N', 256],
    ['(?:ab){3}', 6],
    ['(.?)*', 3],
    ['a+?b', 3],
    // `{` that is no bound is a literal, as JavaScript reads it.
    ['a{,3}', 5],
    ['((.*){10}){10}N', 201],
    ['(.*){255}N', 511],
    ['(.*){255}(.*){255}N', 1021],
  ])('%s expands to %i', (pattern, size) => {
    expect(regexSize(pattern)).toBe(size);
  });
});
