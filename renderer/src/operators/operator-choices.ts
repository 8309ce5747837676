/**
 * Operators as a filter's choices, sorted by name: a name two operators share (a switched-off
 * "Omar Khan" and the new one) carries its ID, so no two choices read the same.
 */
export function operatorChoices(
  names: Readonly<Record<string, string>>,
): { value: string; label: string }[] {
  const entries = Object.entries(names);
  const count = new Map<string, number>();
  for (const [, name] of entries) count.set(name, (count.get(name) ?? 0) + 1);
  return entries
    .map(([id, name]) => ({
      value: id,
      label: (count.get(name) ?? 0) > 1 ? `${name} (\u2066${id}\u2069)` : name,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
