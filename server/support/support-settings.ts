// Settings of customer service: the channels it is reached on besides the built-in chat, and its
// hours, shown by `/index/kefu` (docs/content.md).
import { z } from 'zod';

const channelSchema = z.object({
  type: z.enum(['email', 'link']),
  label: z.string().min(1).max(60),
  url: z.string().regex(/^(https?:\/\/|mailto:)[^\s"'<>]+$/, 'url must be http(s):// or mailto:'),
});

export type SupportChannel = z.output<typeof channelSchema>;

const channelsJson = z.string().transform((text, context) => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    context.addIssue({ code: 'custom', message: 'must be a JSON array' });
    return z.NEVER;
  }
  const parsed = z.array(channelSchema).max(10).safeParse(value);
  if (!parsed.success) {
    context.addIssue({
      code: 'custom',
      message: z.prettifyError(parsed.error).replace(/\s+/g, ' '),
    });
    return z.NEVER;
  }
  return parsed.data;
});

/** The variables, spread into the settings schema of config.ts. */
export const supportEnvShape = {
  SUPPORT_CHANNELS: channelsJson.optional(),
  SUPPORT_HOURS: z.string().min(1).max(120).default('24/7'),
};

export interface SupportSettings {
  channels: readonly SupportChannel[];
  hours: string;
}

export function supportSettingsOf(s: {
  SUPPORT_CHANNELS?: SupportChannel[] | undefined;
  SUPPORT_HOURS: string;
}): SupportSettings {
  return { channels: s.SUPPORT_CHANNELS ?? [], hours: s.SUPPORT_HOURS };
}
