/**
 * Route options for an answer its handler builds field by field from typed values (never a row or
 * an object passed through): it is serialized with `JSON.stringify`, without zod checking every
 * field of it again on the way out. The response schema still types the handler and documents the
 * answer in OpenAPI, and the route's tests parse answers with it. Worth it only for large answers:
 * for a year's chart by day (365 buckets) the zod pass cost more CPU than the rest of the request
 * (`BENCH_PROFILE_DIR` of `npm run bench:dashboard`).
 */
export const builtAnswer = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
} as const;
