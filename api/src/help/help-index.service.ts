import { existsSync } from 'node:fs';
import { Injectable, Logger } from '@nestjs/common';
import { allHelpPassages } from './help-content';
import { HELP_INDEX_FILE, HelpIndex, type HelpHit } from './help-index';
import { excerpt } from './excerpt';

export interface HelpSearchHit {
  kind: HelpHit['kind'];
  title: string;
  section: string;
  url: string;
  excerpt: string;
}

/**
 * The help search index. The build writes it next to the compiled code; running from sources (tests,
 * development) it is built from the Markdown when the API starts, from the same passages.
 */
@Injectable()
export class HelpIndexService {
  private readonly logger = new Logger(HelpIndexService.name);
  private readonly index: HelpIndex;

  constructor() {
    if (existsSync(HELP_INDEX_FILE)) {
      this.index = HelpIndex.load();
    } else {
      this.index = HelpIndex.build(allHelpPassages());
      this.logger.log(`help index built from the Markdown (${this.index.size} passages)`);
    }
  }

  query(question: string, limit?: number): HelpHit[] {
    return this.index.query(question, limit);
  }

  /** The Guides page's search: the best sections, guides and FAQ first, each with the start of its text. */
  search(q: string): HelpSearchHit[] {
    return this.index.query(q, 10).map(({ kind, title, section, url, text }) => ({ kind, title, section, url, excerpt: excerpt(text, 200) }));
  }
}
