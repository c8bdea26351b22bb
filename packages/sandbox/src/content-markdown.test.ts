import { describe, expect, it } from 'vitest';
import { FrontMatterError, parsePageMarkdown, slugify, slugProblem } from './content-markdown.js';

describe("a page's markdown as sent or imported", () => {
  it('takes options from front matter and the title from the first heading; the body is the rest', () => {
    expect(
      parsePageMarkdown(
        '---\ndescription: About\nicon: book\nhidden: true\nlayout: wide\n---\n\n# Learn C#\n\nBody.\n',
      ),
    ).toEqual({
      options: { description: 'About', icon: 'book', hidden: true, title: 'Learn C#' },
      meta: { layout: 'wide' },
      body: 'Body.\n',
      headingIsTitle: true,
      writtenHeading: 'Learn C#',
    });
    // The title without its closing #s; the heading as written, for a body that puts it back.
    expect(parsePageMarkdown('# Closed heading ##\nText')).toMatchObject({
      options: { title: 'Closed heading' },
      writtenHeading: 'Closed heading ##',
    });
    // The front matter's title wins over the heading. A heading that is another text is then not
    // the title: it stays the body's first block (dropping it lost the page's text), as Git Sync
    // keeps a heading that is not the page's title. One that is the same text is the title.
    expect(parsePageMarkdown('---\ntitle: From front matter\n---\n# Heading\n\nText\n')).toMatchObject({
      options: { title: 'From front matter' },
      body: '# Heading\n\nText\n',
      headingIsTitle: false,
    });
    expect(parsePageMarkdown('---\ntitle: Same\n---\n# Same\n\nText\n')).toMatchObject({
      options: { title: 'Same' },
      body: 'Text\n',
      headingIsTitle: true,
    });
    expect(parsePageMarkdown('Just text\n')).toEqual({
      options: {},
      meta: undefined,
      body: 'Just text\n',
      headingIsTitle: false,
    });
    expect(parsePageMarkdown('## Not a title\n').options.title).toBeUndefined();
    expect(() => parsePageMarkdown('---\n- a list\n---\n')).toThrow(FrontMatterError);
  });

  it('makes slugs from titles, and says why a slug cannot be one', () => {
    expect(slugify('Getting Started: Über uns!')).toBe('getting-started-uber-uns');
    expect(slugify('???')).toBe('page');
    expect(slugProblem('guides/setup')).toContain('/');
    expect(slugProblem('two words')).toContain('white space');
    expect(slugProblem('setup')).toBeUndefined();
  });
});
