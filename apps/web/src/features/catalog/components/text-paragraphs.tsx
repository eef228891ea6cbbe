import { Text } from '@mantine/core';

/** The API's content is plain text with paragraphs separated by a blank line. */
export function splitParagraphs(body: string): string[] {
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

export interface TextParagraphsProps {
  body: string;
}

export function TextParagraphs({ body }: TextParagraphsProps) {
  return splitParagraphs(body).map((paragraph, index) => (
    <Text key={index} mb="sm" style={{ whiteSpace: 'pre-line' }}>
      {paragraph}
    </Text>
  ));
}
