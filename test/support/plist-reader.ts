/**
 * Reads the ProgramArguments of a launchd plist as launchd would see them: the <string> elements of the <array>
 * after <key>ProgramArguments</key>, with XML's predefined entities and character references decoded. Enough for
 * the flat plists main/os/launch-agent.ts writes; it refuses anything it does not understand.
 */
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
  if (/[<>]/.test(text)) throw new Error(`markup inside a <string>: ${JSON.stringify(text)}`);
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);|&/gi, (match, name: string | undefined) => {
    if (name === undefined) throw new Error('a bare & in XML text');
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    const decoded = ENTITIES[name];
    if (decoded === undefined) throw new Error(`unknown entity ${match}`);
    return decoded;
  });
}

export function plistProgramArguments(plist: string): string[] {
  const array = /<key>ProgramArguments<\/key>\s*<array>([\s\S]*?)<\/array>/.exec(plist);
  if (array?.[1] === undefined) throw new Error('no ProgramArguments array');
  const items = array[1].trim();
  if (items === '') return [];
  return items.split(/\s*\n\s*/).map((item) => {
    const string = /^<string>([\s\S]*)<\/string>$/.exec(item);
    if (string?.[1] === undefined) throw new Error(`not a <string>: ${item}`);
    return decodeXmlText(string[1]);
  });
}
