import { describe, expect, test } from 'vitest'
import { FORM_FIELD_TYPES } from '~/features/online-forms/form-fields'
import { JOTFORM_QUESTION_TYPES, jotformFormBody, jotformQuestionName } from '~/integrations/jotform/client.server'
import { JOTFORM_REGIONS, jotformEditUrl, jotformRegion } from '~/integrations/jotform/options'

describe('Jotform questions', () => {
  test('every form field type has its Jotform question type', () => {
    expect(Object.keys(JOTFORM_QUESTION_TYPES).sort()).toEqual([...FORM_FIELD_TYPES].sort())
    expect(JOTFORM_QUESTION_TYPES).toEqual({
      text: 'control_textbox',
      email: 'control_email',
      tel: 'control_phone',
      date: 'control_datetime',
      number: 'control_number',
      checkbox: 'control_checkbox',
      radio: 'control_radio',
      dropdown: 'control_dropdown',
      signature: 'control_signature',
    })
  })

  test("question names keep letters, digits and underscores; a name with none is made from the position", () => {
    expect(jotformQuestionName('Patient Name', 0)).toBe('Patient_Name')
    expect(jotformQuestionName('form1[0].page1.dob', 3)).toBe('form1_0_page1_dob')
    expect(jotformQuestionName('***', 4)).toBe('field_5')
  })

  test('the form-encoded body: title, then questions from 1 with type, text, name, order, required and options', () => {
    const body = jotformFormBody('Consent', [
      { name: 'agree', type: 'checkbox', label: 'I agree', required: true },
      { name: 'care', type: 'dropdown', label: 'Care', required: false, options: ['Home', 'Respite'] },
      { name: 'note', type: 'text', label: 'Note', required: false, options: ['ignored'] },
    ])
    expect(Object.fromEntries(body)).toEqual({
      'properties[title]': 'Consent',
      'questions[1][type]': 'control_checkbox',
      'questions[1][text]': 'I agree',
      'questions[1][name]': 'agree',
      'questions[1][order]': '1',
      'questions[1][required]': 'Yes',
      'questions[1][options]': 'I agree',
      'questions[2][type]': 'control_dropdown',
      'questions[2][text]': 'Care',
      'questions[2][name]': 'care',
      'questions[2][order]': '2',
      'questions[2][required]': 'No',
      'questions[2][options]': 'Home|Respite',
      'questions[3][type]': 'control_textbox',
      'questions[3][text]': 'Note',
      'questions[3][name]': 'note',
      'questions[3][order]': '3',
      'questions[3][required]': 'No',
    })
  })

  test('regions and their addresses; an unknown region is the standard one', () => {
    expect(JOTFORM_REGIONS.map((region) => [region.value, region.apiUrl])).toEqual([
      ['standard', 'https://api.jotform.com'],
      ['eu', 'https://eu-api.jotform.com'],
      ['hipaa', 'https://hipaa-api.jotform.com'],
    ])
    expect(jotformRegion('mars').value).toBe('standard')
    expect(jotformEditUrl('2401')).toBe('https://www.jotform.com/build/2401')
  })
})
