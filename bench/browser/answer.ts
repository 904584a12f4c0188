/**
 * A 60 kB markdown answer as a model writes one: headings, paragraphs with emphasis, code and links,
 * lists, tables and code fences. Deterministic, so every round streams the same text.
 */
export function longAnswer(length = 60_000): string {
  const words = 'the council approved new cycle lanes connecting station and university residents asked'.split(' ');
  const sentence = (i: number) => {
    const picked = Array.from({ length: 12 }, (_, k) => words[(i * 7 + k * 3) % words.length]!);
    picked[2] = `**${picked[2]}**`;
    picked[6] = `*${picked[6]}*`;
    if (i % 3 === 0) picked[8] = `\`${picked[8]}\``;
    if (i % 5 === 0) picked[10] = `[${picked[10]}](https://example.org/${i})`;
    return `${picked.join(' ')}.`;
  };
  const blocks: string[] = [];
  for (let i = 0; blocks.join('\n\n').length < length; i++) {
    switch (i % 8) {
      case 0:
        blocks.push(`## Part ${i / 8 + 1}`);
        break;
      case 3:
        blocks.push(Array.from({ length: 4 }, (_, k) => `- ${sentence(i + k)}`).join('\n'));
        break;
      case 5:
        blocks.push(`| Lane | Length |\n| --- | --- |\n| North ${i} | ${i * 3} m |\n| South ${i} | ${i * 2} m |`);
        break;
      case 6:
        blocks.push(`\`\`\`ts\nconst lanes = ${i};\nconsole.log(lanes * 2);\n\`\`\``);
        break;
      default:
        blocks.push([0, 1, 2].map((k) => sentence(i + k)).join(' '));
    }
  }
  return blocks.join('\n\n').slice(0, length);
}

/** The answer cut into `count` deltas of (nearly) equal length. */
export function deltas(answer: string, count: number): string[] {
  const size = Math.ceil(answer.length / count);
  return Array.from({ length: count }, (_, i) => answer.slice(i * size, (i + 1) * size)).filter((d) => d !== '');
}
