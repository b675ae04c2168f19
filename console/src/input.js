// What the start page's JSON editor holds, read (pure: the node tests import it).

/**
 * What the input editor holds, read: {@code {value}} when it is a JSON object (empty text is {@code {}}), else
 * {@code {problem}}: a sentence saying what is wrong and where (the parser's own words).
 */
export function readInput(text) {
  if (!text.trim()) return { value: {} };
  let value;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { problem: `Not JSON: ${e.message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { problem: 'The input is a JSON object: {"key": value, ...}.' };
  }
  return { value };
}

