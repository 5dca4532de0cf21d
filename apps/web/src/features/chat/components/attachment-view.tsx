import type { ChatAttachment } from '@leadcircle/shared';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import { useGetAttachmentLinkQuery, useLazyGetAttachmentLinkQuery } from '../api';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

// The file is served only to the room's members: its address is a short-lived one asked for with the
// session; an expired one is asked for again when the file is opened.
const EXPIRY_MARGIN_MS = 10_000;

/** A file of a message: a picture shown inline, anything else as its name and size; both open in a new tab. */
export function AttachmentView({ attachment }: { attachment: ChatAttachment }) {
  const link = useGetAttachmentLinkQuery(attachment.attachmentId);
  const [fetchLink] = useLazyGetAttachmentLinkQuery();

  const open = async (event: MouseEvent<HTMLAnchorElement>) => {
    const expiresAt = link.data ? Date.parse(link.data.expiresAt) : 0;
    if (link.data && expiresAt - EXPIRY_MARGIN_MS > Date.now()) return;
    event.preventDefault();
    // Opened before the request, so the browser allows the new tab.
    const tab = window.open('', '_blank');
    const fresh = await fetchLink(attachment.attachmentId)
      .unwrap()
      .catch(() => undefined);
    if (fresh && tab) tab.location.href = fresh.url;
    else tab?.close();
  };

  const href = link.data?.url;
  const label = `Open ${attachment.fileName}`;
  if (attachment.isImage) {
    return (
      <Box sx={{ mt: 0.5 }}>
        {href ? (
          <Link href={href} target="_blank" rel="noopener" onClick={open} aria-label={label}>
            <Box
              component="img"
              src={href}
              alt={attachment.fileName}
              sx={{ display: 'block', maxWidth: { xs: '100%', sm: 320 }, maxHeight: 240, borderRadius: 1 }}
            />
          </Link>
        ) : (
          <Skeleton variant="rectangular" width={200} height={120} aria-label={attachment.fileName} />
        )}
      </Box>
    );
  }
  return (
    <Stack direction="row" sx={{ mt: 0.5, gap: 1, alignItems: 'center' }}>
      <InsertDriveFileIcon color="action" />
      <Link
        href={href ?? '#'}
        target="_blank"
        rel="noopener"
        onClick={open}
        aria-label={label}
        sx={{ overflowWrap: 'anywhere' }}
      >
        {attachment.fileName}
      </Link>
      <Typography variant="caption" color="text.secondary">
        {formatSize(attachment.size)}
      </Typography>
    </Stack>
  );
}
