import type { OutputChunk } from 'rolldown';

/** A build's chunks by file name, and the files a chunk loads at once: itself and its static imports, transitively. */
export function chunkGraph(chunks: OutputChunk[]) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const staticClosure = (chunk: OutputChunk, files = new Set<string>()): Set<string> => {
    if (files.has(chunk.fileName)) return files;
    files.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) staticClosure(next, files);
    }
    return files;
  };
  return { byFile, staticClosure };
}
