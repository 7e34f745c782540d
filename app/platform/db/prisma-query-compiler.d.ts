/** Prisma's WebAssembly query compiler, as its client loads it (the package ships no types for it). */
declare module '@prisma/client/runtime/query_compiler_bg.postgresql.mjs' {
  export class QueryCompiler {
    compile(request: string): unknown
    compileBatch(request: string): unknown
  }
}
