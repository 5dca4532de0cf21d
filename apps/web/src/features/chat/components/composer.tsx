import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_MESSAGE_MAX, CHAT_MESSAGES } from '@leadcircle/shared';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useRealtimeState } from '../../../core/realtime/realtime';
import { outbox } from '../outbox';

// What the file picker offers; the server checks the content itself.
const ACCEPTED_FILES =
  'image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain,text/csv,.doc,.docx,.xls,.xlsx,.ppt,.pptx';

/**
 * 'Write a message' (Enter sends, Shift+Enter starts a new line) and ATTACH FILE. Everything goes through
 * the outbox: sent at once while connected, kept and sent once the connection is back otherwise.
 */
export function Composer({ roomId }: { roomId: number }) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { status } = useRealtimeState();
  const trimmed = text.trim();
  const tooLong = trimmed.length > CHAT_MESSAGE_MAX ? CHAT_MESSAGES.messageTooLong : null;
  const canSend = (trimmed !== '' || file !== null) && !tooLong;

  const send = () => {
    if (!canSend) return;
    outbox.add(roomId, trimmed, file ?? undefined);
    setText('');
    setFile(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const keyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    if (chosen.size > CHAT_ATTACHMENT_MAX_BYTES) {
      setFileError(CHAT_MESSAGES.attachmentTooLarge);
      return;
    }
    setFileError(null);
    setFile(chosen);
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ p: { xs: 1, sm: 1.5 }, borderTop: 1, borderColor: 'divider' }}
    >
      {status === 'reconnecting' && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
          You are offline: what you send now goes when the connection is back.
        </Typography>
      )}
      {(file || fileError) && (
        <Stack direction="row" sx={{ mb: 1, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {file && <Chip icon={<AttachFileIcon />} label={file.name} onDelete={() => setFile(null)} />}
          {fileError && (
            <Typography variant="body2" color="error" role="alert">
              {fileError}
            </Typography>
          )}
        </Stack>
      )}
      <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-end' }}>
        <TextField
          label="Write a message"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={keyDown}
          multiline
          maxRows={6}
          fullWidth
          size="small"
          error={tooLong !== null}
          helperText={tooLong}
        />
        <IconButton type="submit" aria-label="Send message" color="primary" disabled={!canSend}>
          <SendIcon />
        </IconButton>
      </Stack>
      <input ref={fileInput} type="file" hidden accept={ACCEPTED_FILES} onChange={choose} aria-label="File to send" />
      <Button size="small" startIcon={<AttachFileIcon />} onClick={() => fileInput.current?.click()} sx={{ mt: 0.5 }}>
        ATTACH FILE
      </Button>
    </Box>
  );
}
