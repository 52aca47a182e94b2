import { describe, expect, it } from 'vitest';
import { keyringFromConfig } from '../../src/credentials/index.js';
import { downloadMedia } from '../../src/graph/index.js';
import { testConfig } from '../conversation/channel-harness.js';
import { FAKE_GRAPH_URL } from '../fakes/graph-api.js';
import { TranscriptionFake } from '../fakes/transcription.js';

describe('voice-note media download with access tokens stored sealed', () => {
  const options = { baseUrl: FAKE_GRAPH_URL, version: 'v23.0', timeoutMs: 5000 };
  const target = (accessToken: string) => ({ phoneNumberId: '106540352242922', accessToken });

  it('when the tenant token is stored sealed, then both media requests carry the opened token, never the sealed value', async () => {
    const fake = new TranscriptionFake().install();
    const keyring = keyringFromConfig(testConfig());
    const sealed = keyring.seal('EAAG-media-token');
    expect(sealed).not.toContain('EAAG-media-token');

    const media = await downloadMedia({ ...options, credentials: keyring }, target(sealed), '868497378584451', 1_000_000);

    expect(media.kind).toBe('downloaded');
    expect(fake.mediaRequests.map((request) => request.authorization)).toEqual(['Bearer EAAG-media-token', 'Bearer EAAG-media-token']);
  });

  it('when a sealed token cannot be opened (no keyring), then the download fails as a value and Meta is not called', async () => {
    const fake = new TranscriptionFake().install();
    const sealed = keyringFromConfig(testConfig()).seal('EAAG-media-token');

    const media = await downloadMedia(options, target(sealed), '868497378584451', 1_000_000);

    expect(media.kind).toBe('failed');
    expect(fake.mediaRequests).toEqual([]);
  });

  it.each(['..', '.', '../me', '868497/../me', 'a b', '%2e%2e', ''])(
    'when the media id is %j, then it is refused before any Graph request (no token sent anywhere)',
    async (mediaId) => {
      const fake = new TranscriptionFake().install();
      const media = await downloadMedia(options, target('EAAG-media-token'), mediaId, 1_000_000);
      expect(media).toEqual({ kind: 'failed', reason: 'invalid media id' });
      expect(fake.mediaRequests).toEqual([]);
    },
  );
});
