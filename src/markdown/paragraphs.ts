/** Plain text as `<p>` elements (blank lines apart), its single line breaks as `<br>`: text nodes only. */
export function textParagraphs(text: string, doc: Document): HTMLParagraphElement[] {
  return text
    .split(/\n{2,}/)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const paragraph = doc.createElement('p');
      block.split('\n').forEach((line, index) => {
        if (index > 0) paragraph.append(doc.createElement('br'));
        paragraph.append(line);
      });
      return paragraph;
    });
}
