import { writeFileSync } from 'node:fs';
import { allHelpPassages } from './help-content';
import { HELP_INDEX_FILE, HelpIndex } from './help-index';

/** Builds the assistant's search index from the guides, the FAQ and the rubric (`npm run build -w api` runs it). */
if (require.main === module) {
  const passages = allHelpPassages();
  writeFileSync(HELP_INDEX_FILE, HelpIndex.build(passages).toJson());
  console.log(`help index: ${passages.length} passages → ${HELP_INDEX_FILE}`);
}
