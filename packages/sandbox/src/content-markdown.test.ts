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
    });
    expect(parsePageMarkdown('# Closed heading ##\nText').options.title).toBe('Closed heading');
    // The front matter's title wins over the heading; the heading is not part of the body either way.
    expect(parsePageMarkdown('---\ntitle: From front matter\n---\n# Heading\n\nText\n')).toMatchObject({
      options: { title: 'From front matter' },
      body: 'Text\n',
    });
    expect(parsePageMarkdown('Just text\n')).toEqual({ options: {}, meta: undefined, body: 'Just text\n' });
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
