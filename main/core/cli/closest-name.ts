/**
 * "Did you mean …?" for mistyped options and commands: the candidate with the smallest edit distance, when that
 * distance is small enough to be a typo rather than a different word.
 */

/** Levenshtein distance where swapping two neighbouring letters counts as one edit (`tpoic` → `topic`). */
export function editDistance(a: string, b: string): number {
  // rows[i][j] = distance between the first i letters of a and the first j letters of b.
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j += 1) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows[i - 1] ?? [];
      const substitution = (above[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? 0;
}

/**
 * The candidate closest to `input`, or undefined when none is within a third of the input's length (at least one
 * edit, at most three): `--tpoic` → `topic`, but `--verbose` suggests nothing rather than a random option.
 */
export function closestName(input: string, candidates: readonly string[]): string | undefined {
  const allowed = Math.min(3, Math.max(1, Math.floor(input.length / 3)));
  let best: { readonly name: string; readonly distance: number } | undefined;
  for (const name of candidates) {
    const distance = editDistance(input.toLowerCase(), name.toLowerCase());
    if (distance <= allowed && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}
