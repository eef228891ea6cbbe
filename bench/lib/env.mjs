// Reading a bench's settings from the environment: a bad value stops the run and names it.

/** An integer ≥ `min` from `name`, or `fallback` when it is unset or empty. */
export function intFromEnv(name, fallback, min) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    console.error(`${name} must be an integer ≥ ${min} (got ${raw})`);
    process.exit(2);
  }
  return value;
}
