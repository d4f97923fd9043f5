/**
 * Content check of docs/product.md section 5.
 *
 * SPEC lists what to flag: a database command word, a double dash, a semicolon or comment markers,
 * three or more backticks, a script tag opening, the words "function" or "console log". Taken
 * literally that rejects ordinary prose ("I create products and update teams; I love it"), and the
 * people typing are professionals describing themselves, so a false alarm loses a real user's text.
 *
 * The rule therefore flags each pattern only where it reads as code:
 * - a command word used as a SQL statement: the word followed by the grammar that makes it one
 *   ("select * ", "select a from t where a =", "insert into t (" / "values", "update t set c =",
 *   "delete from t where", "drop table", "alter table", "create table t (", "truncate table",
 *   "union select"), or any command word right after a semicolon (a chained statement);
 * - "--" as a SQL line comment: at the start of a line, right after a quote, ")" or ";", or closing
 *   the text or a line; a dash pair between words ("good -- really") is punctuation and passes;
 * - ";" only where it ends code: after a quote or ")" closing the text or a line ("');"), or before
 *   a command word or "--";
 *   a semicolon between two clauses of prose passes;
 * - comment markers "/*", "*\/", "<!--", "-->" always;
 * - three or more backticks, and a script tag opening ("<script", "< script") always;
 * - "function" only as a declaration or expression ("function (", "function name("),
 *   "console.log" (a call or reference) always.
 * The check is case-insensitive. It is a guard against pasted code, not the defence against SQL
 * injection or XSS: the server uses bound parameters and the client sanitizes HTML anyway.
 */

const IDENT = String.raw`[\w."\`\[\]]+`;
/**
 * One item of a select list ("a.b", "count(*)", "'x',"). It never runs into the word select, so the
 * search from one "select" stops at the next one: without that, text made of many selects would be
 * scanned once from each of them (quadratic).
 */
const COLUMN = String.raw`(?:(?!\bselect\b)[\w.,*()'"])+`;

export const CODE_PATTERNS: readonly RegExp[] = [
  // SQL statements
  /\bselect\s+(?:distinct\s+)?\*/i,
  /\bselect\s+(?:count|sum|avg|min|max|version|sleep|user|database)\s*\(/i,
  new RegExp(
    String.raw`\bselect\s+${COLUMN}(?:\s+${COLUMN})*?\s+from\s+${IDENT}\s*(?:;|\bwhere\s+[\w.'"]+\s*(?:=|<>|!=|<|>|\blike\b|\bin\s*\(|\bis\b)|\border\s+by\b|\bgroup\s+by\b|\blimit\s+\d)`,
    'i',
  ),
  /\bunion\s+(?:all\s+)?select\b/i,
  new RegExp(String.raw`\binsert\s+into\s+${IDENT}\s*(?:\(|\bvalues\b|\bselect\b)`, 'i'),
  new RegExp(String.raw`\bupdate\s+${IDENT}\s+set\s+${IDENT}\s*=`, 'i'),
  new RegExp(String.raw`\bdelete\s+from\s+${IDENT}\s*(?:;|\bwhere\b)`, 'i'),
  /\bdrop\s+(?:table|database|schema|view|index|column|trigger|procedure|user)\b/i,
  /\balter\s+(?:table|database|schema|view|index|column|user)\b/i,
  new RegExp(
    String.raw`\bcreate\s+(?:or\s+replace\s+|temp(?:orary)?\s+|unique\s+)*(?:table|database|schema|view|trigger|procedure|function)\s+(?:if\s+not\s+exists\s+)?${IDENT}\s*(?:\(|;|\bas\b)`,
    'i',
  ),
  new RegExp(String.raw`\bcreate\s+(?:unique\s+)?index\s+${IDENT}\s+on\s+${IDENT}\s*\(`, 'i'),
  new RegExp(String.raw`\bcreate\s+user\s+${IDENT}\s+(?:with|identified|password)\b`, 'i'),
  /\btruncate\s+table\b/i,
  new RegExp(String.raw`\btruncate\s+${IDENT}\s*;`, 'i'),
  /;\s*(?:select|insert|update|delete|drop|alter|create|truncate|exec|shutdown)\b/i,
  // Semicolon ending code
  /['"`)]\s*;\s*(?:$|\n|--)/,
  /;\s*--/,
  // SQL line comment
  /(?:^|\n)[^\S\n]*--/,
  /['"`);]\s*--/,
  /--\s*(?:$|\n)/,
  // Comment markers
  /\/\*|\*\/|<!--|-->/,
  // Code fences and scripts
  /`{3,}/,
  /<\s*script\b/i,
  /\bfunction[\w$]*(?:\s+[\w$]+)?\s*\(/i,
  /\bconsole\s*\.\s*log\b/i,
];

/** True when the text contains something that reads as code (see the rule above). */
export function containsCode(text: string): boolean {
  return CODE_PATTERNS.some((pattern) => pattern.test(text));
}
