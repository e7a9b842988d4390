import { leadFieldLabels } from '@growmail/contracts/lead-labels';
import { describe, expect, it } from 'vitest';
import { calculatorWords } from '@/components/calculator/calculator-words';
import { contactWords } from '@/components/contact/contact-words';
import { leadWords } from '@/components/forms/lead-words';

describe('the words a lead is read in on the console', () => {
  it('are the words the forms show its fields by', () => {
    expect({
      fullname: contactWords.fullname,
      subject: contactWords.subject,
      body: contactWords.body,
      firstname: leadWords.firstname,
      lastname: leadWords.lastname,
      company_name: leadWords.company_name,
      phone_number: leadWords.phone_number,
      subscribers: leadWords.users,
      annual_budget: leadWords.budget,
      contact_count: calculatorWords.customers,
      current_cost: calculatorWords.annualCost,
      services: calculatorWords.services,
    }).toEqual({
      fullname: leadFieldLabels.fullname,
      subject: leadFieldLabels.subject,
      body: leadFieldLabels.body,
      firstname: leadFieldLabels.firstname,
      lastname: leadFieldLabels.lastname,
      company_name: leadFieldLabels.company_name,
      phone_number: leadFieldLabels.phone_number,
      subscribers: leadFieldLabels.subscribers,
      annual_budget: leadFieldLabels.annual_budget,
      contact_count: leadFieldLabels.contact_count,
      current_cost: leadFieldLabels.current_cost,
      services: leadFieldLabels.services,
    });
  });
});
