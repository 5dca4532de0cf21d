import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';

/** A paragraph, or a bulleted list when it is an array. */
export type LegalBlock = string | string[];

export interface LegalSection {
  heading: string;
  blocks: LegalBlock[];
}

export interface LegalText {
  title: string;
  lastUpdated: string;
  intro: LegalBlock[];
  sections: LegalSection[];
}

// The date the current texts took effect; change it with the texts.
export const LEGAL_LAST_UPDATED = 'November 22, 2026';

const EMAIL = /([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

// Plain text only (never HTML); e-mail addresses become mail links.
function withMailLinks(text: string): ReactNode {
  const parts = text.split(EMAIL);
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence never move.
      <Link key={index} href={`mailto:${part}`}>
        {part}
      </Link>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above.
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') {
    return (
      <Typography variant="body1" sx={{ mb: 1.5 }}>
        {withMailLinks(block)}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ mt: 0, mb: 1.5, pl: 3 }}>
      {block.map((item) => (
        <Typography component="li" variant="body1" key={item} sx={{ mb: 0.5 }}>
          {withMailLinks(item)}
        </Typography>
      ))}
    </Box>
  );
}

/** A policy, agreement or FAQ as headed sections; `headingLevel` fits it under the page's own heading. */
export function LegalDocument({ text, headingLevel = 2 }: { text: LegalText; headingLevel?: 2 | 3 }) {
  const sectionHeading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Box component="article">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Last updated: {text.lastUpdated}
      </Typography>
      {text.intro.map((block) => (
        <Block key={typeof block === 'string' ? block : block.join('|')} block={block} />
      ))}
      {text.sections.map((section) => (
        <Box component="section" key={section.heading} sx={{ mt: 3 }}>
          <Typography component={sectionHeading} variant="h6" gutterBottom>
            {section.heading}
          </Typography>
          {section.blocks.map((block) => (
            <Block key={typeof block === 'string' ? block : block.join('|')} block={block} />
          ))}
        </Box>
      ))}
    </Box>
  );
}
