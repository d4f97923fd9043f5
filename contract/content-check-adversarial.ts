/**
 * Inputs built to make a backtracking pattern of the content check slow (ReDoS), for its test and
 * benchmark. A regular expression goes super-linear when a run of text can be split between two
 * quantifiers in many ways and the match then fails at the end; so each input is a prefix that
 * starts a match (one of the pattern's own words), a long run of one repeated piece, and a tail
 * that makes it fail. The pieces come from the pattern itself (its words, its punctuation, each
 * followed by the whitespace its quantifiers range over), so a pattern added later gets its own.
 */

// A tab behaves as a space does in every pattern; a line break does not (^, $ and [^\S\n]).
const WHITESPACE = [' ', '\n'];
const TAILS = ['', '!'];

/** The words a pattern matches literally ("select", "from" ...), escapes such as \b and \s left out. */
function literalWords(source: string): string[] {
  const words = source.replace(/\\[a-zA-Z]/g, ' ').match(/[a-z]{2,}/gi) ?? [];
  return [...new Set(words.map((word) => word.toLowerCase()))];
}

/** Punctuation the pattern matches, escaped or not, and what its character classes commonly allow. */
function punctuation(source: string): string[] {
  const marks = source.match(/[;'"`()*,.\-/<>!=[\]$]/g) ?? [];
  return [...new Set(marks)];
}

/** Adversarial inputs for one pattern, each about `size` characters long. */
export function adversarialInputs(pattern: RegExp, size: number): string[] {
  const words = literalWords(pattern.source);
  const marks = punctuation(pattern.source);
  const pieces = new Set<string>([...WHITESPACE, ...marks, 'a', 'a ']);
  for (const word of words) {
    pieces.add(word);
    for (const space of WHITESPACE) pieces.add(word + space);
    pieces.add(`${word} a `);
  }
  for (const mark of marks) {
    pieces.add(`${mark} `);
    pieces.add(`${mark}\n`);
  }
  const prefixes = ['', ...words.map((word) => `${word} `)];
  const inputs: string[] = [];
  for (const prefix of prefixes) {
    for (const piece of pieces) {
      const run = piece.repeat(Math.ceil(size / piece.length));
      for (const tail of TAILS) inputs.push(prefix + run + tail);
    }
  }
  return inputs;
}
