import { describe, expect, test } from 'vitest'
import { emailDocument } from '~/features/email-templates/email-document'
import {
  SAMPLE_PLACEHOLDER_VALUES,
  parseTriggerConditions,
  describeTriggerConditions,
} from '~/features/email-templates/options'
import {
  findUnknownPlaceholders,
  fillPlaceholders,
  unknownPlaceholdersMessage,
} from '~/features/email-templates/placeholders'
import { htmlToText, renderEmailTemplate, sanitizeTemplateHtml } from '~/features/email-templates/render.server'
import { emailTemplateFormSchema, emailTemplateSchema, templateInputFromForm } from '~/features/email-templates/schema'
import { STARTER_TEMPLATES } from '~/features/email-templates/starters'

describe('placeholders', () => {
  test('known ones are filled, in subject and content, with or without inner spaces', () => {
    const { subject, html } = renderEmailTemplate(
      { subject: 'Hi {{firstName}} {{ lastName }}', htmlContent: '<p>{{providerName}} at {{location}}</p>' },
      { firstName: 'Jane', lastName: 'Doe', providerName: 'Sunrise', location: 'Main St' }
    )
    expect(subject).toBe('Hi Jane Doe')
    expect(html).toBe('<p>Sunrise at Main St</p>')
  })

  test('a missing value is empty; an unknown placeholder stays as written', () => {
    expect(fillPlaceholders('{{firstName}}|{{frstName}}', {}, (v) => v)).toBe('|{{frstName}}')
  })

  test('values are HTML-escaped in the content but the subject stays plain text on one line', () => {
    const { subject, html, text } = renderEmailTemplate(
      { subject: 'For {{firstName}}', htmlContent: '<p>Hello {{firstName}}</p>' },
      { firstName: '<script>alert("x")</script> & "Bob"\r\nBcc: evil@example.com' }
    )
    expect(html).toMatch(
      /^<p>Hello &lt;script&gt;alert\("x"\)&lt;\/script&gt; &amp; "Bob"\s+Bcc: evil@example.com<\/p>$/
    )
    expect(html).not.toContain('<script')
    expect(subject).toBe('For <script>alert("x")</script> & "Bob" Bcc: evil@example.com')
    expect(subject).not.toMatch(/[\r\n]/)
    expect(text).toContain('<script>alert("x")</script> & "Bob"')
  })

  test('unknown names are found once each, in order, across subject and content', () => {
    expect(
      findUnknownPlaceholders('Hi {{frstName}} {{firstName}}', '<p>{{ provider name }} {{frstName}} {{}}</p>')
    ).toEqual(['frstName', 'provider name', ''])
    expect(findUnknownPlaceholders(STARTER_TEMPLATES.intake.subject, STARTER_TEMPLATES.intake.htmlContent)).toEqual([])
    expect(unknownPlaceholdersMessage(['frstName'])).toMatch(
      /^Unknown placeholder: \{\{frstName\}\}\. Use only \{\{firstName\}\}/
    )
    expect(unknownPlaceholdersMessage(['a', 'b'])).toMatch(/^Unknown placeholders: \{\{a\}\}, \{\{b\}\}\./)
  })
})

describe('sanitising', () => {
  test.each([
    ['<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['<style>p{color:red}</style><p>Hi</p>', '<p>Hi</p>'],
    ['<iframe src="https://evil.example"></iframe><p>Hi</p>', '<p>Hi</p>'],
    ['<form action="https://evil.example"><input name="x"><button>Go</button></form>', 'Go'],
    ['<object data="x.swf"></object><embed src="x"><p>Hi</p>', '<p>Hi</p>'],
    ['<p onclick="alert(1)" onmouseover="x()">Hi</p>', '<p>Hi</p>'],
    ['<img src="https://x.example/a.png" onerror="alert(1)" alt="A">', '<img alt="A" src="https://x.example/a.png" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
    ['<a href="/relative">x</a>', '<a>x</a>'],
    ['<svg onload="alert(1)"><circle /></svg><p>Hi</p>', '<p>Hi</p>'],
    ['<p>Hi<!-- secret --></p>', '<p>Hi</p>'],
    [
      '<p style="color: red; background-image: url(javascript:alert(1)); position: fixed">Hi</p>',
      '<p style="color:red">Hi</p>',
    ],
    ['<img src="http://x.example/a.png">', ''],
    ['<img src="data:image/png;base64,AAAA">', ''],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
  ])('%s', (input, expected) => {
    expect(sanitizeTemplateHtml(input)).toBe(expected)
  })

  test('keeps formatting, tables, and links to http, https, mailto and link placeholders', () => {
    const html = [
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u><br /></p><ul><li>one</li></ul><ol><li>two</li></ol>',
      '<table><tbody><tr><td colspan="2">cell</td></tr></tbody></table><blockquote>q</blockquote><hr />',
      '<a href="https://example.com/a?b=1&amp;c=2">https</a><a href="http://example.com">http</a>',
      '<a href="mailto:care@example.com">mail</a><a href="{{intakeFormUrl}}">form</a><a href="{{ contactUrl }}">contact</a>',
    ].join('')
    expect(sanitizeTemplateHtml(html)).toBe(html.replace('{{ contactUrl }}', '{{ contactUrl }}'))
  })

  test('a placeholder that is not a link is not a link', () => {
    expect(sanitizeTemplateHtml('<a href="{{firstName}}">x</a>')).toBe('<a>x</a>')
  })

  test('a link placeholder whose value is not a safe link loses its href when rendered', () => {
    const template = { subject: 's', htmlContent: '<a href="{{intakeFormUrl}}">Open</a>' }
    expect(renderEmailTemplate(template, { intakeFormUrl: 'javascript:alert(1)' }).html).toBe('<a>Open</a>')
    expect(renderEmailTemplate(template, { intakeFormUrl: 'https://x.example/f?a=1&b="2"' }).html).toBe(
      '<a href="https://x.example/f?a=1&amp;b=&quot;2&quot;">Open</a>'
    )
  })

  test('rendering sanitises content that was never stored (a starter, a preview)', () => {
    expect(renderEmailTemplate({ subject: 's', htmlContent: '<p>Hi<script>x</script></p>' }, {}).html).toBe('<p>Hi</p>')
  })
})

describe('plain-text part', () => {
  test('paragraphs are separated, line breaks kept, links read "text (url)", lists get dashes, entities decoded', () => {
    const { text } = renderEmailTemplate(STARTER_TEMPLATES.intake, SAMPLE_PLACEHOLDER_VALUES)
    expect(text).toBe(
      [
        'Hello Jane,',
        '',
        'Thank you for reaching out to Sunrise Home Care. To help us plan your care, please fill in your intake form:',
        '',
        'Open your intake form (https://portal.example.com/intake-form/sample-token)',
        '',
        'It takes about ten minutes. The link is personal to you; please do not forward it.',
        '',
        'Questions? Contact us (https://portal.example.com/contact).',
        '',
        'Warm regards,',
        'Sunrise Home Care',
      ].join('\n')
    )
    expect(htmlToText('<ul><li>Date: 1</li><li>Time: &lt;2&gt; &amp; 3</li></ul><p>a&nbsp;b &#39;c&#x27;</p>')).toBe(
      "- Date: 1\n- Time: <2> & 3\n\na b 'c'"
    )
  })

  test('a link whose text is its address, or with no text, reads just the address', () => {
    expect(
      htmlToText(
        '<p><a href="https://a.example">https://a.example</a> <a href="mailto:x@y.example">x@y.example</a> <a href="https://b.example"></a></p>'
      )
    ).toBe('https://a.example x@y.example https://b.example')
  })

  test('table cells are spaced and rows end lines; images read their alt text', () => {
    expect(
      htmlToText(
        '<table><tr><td>A</td><td>B</td></tr><tr><td>C</td></tr></table><img src="https://x.example/l.png" alt="Logo" />'
      )
    ).toBe('A B\nC\n\nLogo')
  })
})

describe('trigger conditions', () => {
  test.each([
    [
      { status: 'new', source: 'website' },
      { status: 'new', source: 'website' },
    ],
    ['{"status":"qualified"}', { status: 'qualified' }],
    ['{not json', {}],
    ['"just a string"', {}],
    ['[1,2]', {}],
    [null, {}],
    [undefined, {}],
    [42, {}],
    [{ status: 3, source: '  ', other: 'x' }, {}],
    [{ status: ' new ' }, { status: 'new' }],
  ])('%j → %j', (input, expected) => {
    expect(parseTriggerConditions(input)).toEqual(expected)
  })

  test('described for the list', () => {
    expect(describeTriggerConditions({})).toBe('Any lead')
    expect(describeTriggerConditions({ status: 'new', source: 'website' })).toBe(
      'Leads with status New and source Website'
    )
  })
})

describe('schemas', () => {
  const valid = { name: 'Welcome', subject: 'Hi {{firstName}}', htmlContent: '<p>Hello</p>' }

  test('name, subject and HTML content are required, each with its own message', () => {
    const result = emailTemplateSchema.safeParse({ name: ' ', subject: '', formType: 'welcome' })
    expect(result.success).toBe(false)
    expect(Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]))).toEqual({
      name: 'Name is required',
      subject: 'Subject is required',
      htmlContent: 'HTML content is required',
    })
  })

  test('API defaults: intake, active, {} conditions; invalid conditions JSON is ignored', () => {
    expect(emailTemplateSchema.parse({ ...valid, triggerConditions: '{oops' })).toEqual({
      ...valid,
      formType: 'intake',
      isActive: true,
      triggerConditions: {},
    })
    expect(
      emailTemplateSchema.parse({ ...valid, triggerConditions: '{"source":"referral"}' }).triggerConditions
    ).toEqual({ source: 'referral' })
  })

  test('unknown placeholders are refused next to the field that has them', () => {
    const result = emailTemplateSchema.safeParse({
      ...valid,
      subject: 'Hi {{frstName}}',
      htmlContent: '<p>{{firstname}}</p>',
    })
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['subject', expect.stringMatching(/^Unknown placeholder: \{\{frstName\}\}/)],
      ['htmlContent', expect.stringMatching(/^Unknown placeholder: \{\{firstname\}\}/)],
    ])
  })

  test('form type must be one of the four; isActive must be a boolean', () => {
    const result = emailTemplateSchema.safeParse({ ...valid, formType: 'newsletter', isActive: 'yes' })
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['formType', 'isActive'])
  })

  test('the page form: checkbox, status from the lead statuses, source text → conditions', () => {
    const value = emailTemplateFormSchema.parse({
      ...valid,
      formType: 'followup',
      triggerStatus: 'contacted',
      triggerSource: 'referral',
    })
    expect(templateInputFromForm(value)).toEqual({
      ...valid,
      formType: 'followup',
      isActive: false,
      triggerConditions: { status: 'contacted', source: 'referral' },
    })
    expect(
      templateInputFromForm(emailTemplateFormSchema.parse({ ...valid, isActive: 'on', triggerStatus: '' }))
    ).toMatchObject({
      isActive: true,
      triggerConditions: {},
    })
    expect(emailTemplateFormSchema.safeParse({ ...valid, triggerStatus: 'vip' }).error!.issues[0]!.message).toBe(
      'Choose a lead status from the list'
    )
  })
})

describe('the message as sent', () => {
  test('is a whole English document titled by its subject, which cannot break out of the title', () => {
    const html = emailDocument('Visit <Tuesday> & "more"', '<p>Hello</p>')
    expect(html).toBe(
      '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Visit &lt;Tuesday&gt; &amp; &quot;more&quot;</title></head><body><p>Hello</p></body></html>',
    )
  })
})
