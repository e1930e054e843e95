/**
 * The dictionary a stored document's text is deflated against (stored-xml.ts, format `z1:`): a signed simplified
 * invoice of this till, as signDocument wrote it on 2026-11-29 with a test unit's certificate. Deflate finds in it
 * the namespaces, the stamp's fixed parts and the UBL's shape that every document repeats, so a two-line
 * invoice of 9.4 KB is stored in about 1 KB instead of 3.2 KB (deflate alone).
 *
 * FROZEN: every document stored as `z1:` is read back through these exact bytes (a test pins their SHA-256).
 * A better dictionary is a new format (`z2:`) beside this one, never an edit of it.
 */
export const STORED_XML_DICTIONARY_V1 =
  '<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:spe' +
  'cification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmln' +
  's:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"><ext:UBLExtensions><ext:UBLExtension><ext:ExtensionURI>urn:' +
  'oasis:names:specification:ubl:dsig:enveloped:xades</ext:ExtensionURI><ext:ExtensionContent><sig:UBLDocumentSignatures xmlns:sac="urn:oasis:n' +
  'ames:specification:ubl:schema:xsd:SignatureAggregateComponents-2" xmlns:sbc="urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComp' +
  'onents-2" xmlns:sig="urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2"><sac:SignatureInformation><cbc:ID>urn:oasis:n' +
  'ames:specification:ubl:signature:1</cbc:ID><sbc:ReferencedSignatureID>urn:oasis:names:specification:ubl:signature:Invoice</sbc:ReferencedSig' +
  'natureID><ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#" Id="signature"><ds:SignedInfo><ds:CanonicalizationMethod Algorithm="htt' +
  'p://www.w3.org/2006/12/xml-c14n11"></ds:CanonicalizationMethod><ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-s' +
  'ha256"></ds:SignatureMethod><ds:Reference Id="invoiceSignedData" URI=""><ds:Transforms><ds:Transform Algorithm="http://www.w3.org/TR/1999/RE' +
  'C-xpath-19991116"><ds:XPath>not(//ancestor-or-self::ext:UBLExtensions)</ds:XPath></ds:Transform><ds:Transform Algorithm="http://www.w3.org/T' +
  'R/1999/REC-xpath-19991116"><ds:XPath>not(//ancestor-or-self::cac:Signature)</ds:XPath></ds:Transform><ds:Transform Algorithm="http://www.w3.' +
  "org/TR/1999/REC-xpath-19991116\"><ds:XPath>not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])</ds:XPath></ds:Transform><ds" +
  ':Transform Algorithm="http://www.w3.org/2006/12/xml-c14n11"></ds:Transform></ds:Transforms><ds:DigestMethod Algorithm="http://www.w3.org/200' +
  '1/04/xmlenc#sha256"></ds:DigestMethod><ds:DigestValue>KRqz+y6iqB39797q6+qTuvDxvY/I3ktr3Ma5Zvf3oik=</ds:DigestValue></ds:Reference><ds:Refere' +
  'nce Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#xadesSignedProperties"><ds:DigestMethod Algorithm="http://www.w3.org/' +
  '2001/04/xmlenc#sha256"></ds:DigestMethod><ds:DigestValue>NTc4NjE4ZWZmNmI1Zjk3YTU3YzI1NjRhYTcyMTQ2ODg3YzNhMzhhMDEwODFmYmVkNWI4ZDc1ZmNkYjNkOWM' +
  'zNg==</ds:DigestValue></ds:Reference></ds:SignedInfo><ds:SignatureValue>MEQCIFthODSYa8Mt8UJwn1a8DNqV8a35ig5/4+LdsZg0w+x5AiBbgcMBA26xhNjZn6Ck' +
  'MOWKo9BKm0DWT7RnDQUyw+YfZQ==</ds:SignatureValue><ds:KeyInfo><ds:X509Data><ds:X509Certificate>MIICUzCCAfmgAwIBAgIQUCdJLKRFNRvbt6+jy5vTYTAKBgg' +
  'qhkjOPQQDAjBjMRwwGgYDVQQDExNUU1pFSU5WT0lDRS1TdWJDQS0xMRcwFQYKCZImiZPyLGQBGRYHZXh0Z2F6dDETMBEGCgmSJomT8ixkARkWA2dvdjEVMBMGCgmSJomT8ixkARkWBWx' +
  'vY2FsMB4XDTI2MDEwMTAwMDAwMFoXDTI4MDEwMTAwMDAwMFowRTELMAkGA1UEBhMCU0ExDjAMBgNVBAsTBU9sYXlhMRIwEAYDVQQKEwlGYWpyIENhZmUxEjAQBgNVBAMTCVRpbGwtdGV' +
  'zdDBWMBAGByqGSM49AgEGBSuBBAAKA0IABC/smHDiwd+CahfItXGsfY8xJLIqSbNFhqxPef10ic6RB/EUO2CZCcabaQyHP7i2GPl7/x9xRF5AAP+zrrF0kamjga8wgawwJAYJKwYBBAG' +
  'CNxQCBBcTFVRTVFpBVENBLUNvZGUtU2lnbmluZzCBgwYDVR0RBHwweqR4MHYxIjAgBgNVBAQMGTEtVGlsbHwyLTAuMS4wfDMtNmY3YzFkMmUxHzAdBgoJkiaJk/IsZAEBEw8zOTk5OTk' +
  '5OTk5MDAwMDMxDTALBgNVBAwTBDAxMDAxETAPBgNVBBoTCFJSUkQyOTI5MQ0wCwYDVQQPEwRGb29kMAoGCCqGSM49BAMCA0gAMEUCIQD51bFyGM82DQCKeC++xXtrUx93NvINgiGDNv7' +
  'sfzRisAIgTQ0Pnptdak7gUapKGvtSCzq8QxNJRBCauOMfGoF2MsI=</ds:X509Certificate></ds:X509Data></ds:KeyInfo><ds:Object><xades:QualifyingProperties ' +
  'xmlns:xades="http://uri.etsi.org/01903/v1.3.2#" Target="signature"><xades:SignedProperties Id="xadesSignedProperties"><xades:SignedSignature' +
  'Properties><xades:SigningTime>2026-11-25T13:15:30</xades:SigningTime><xades:SigningCertificate><xades:Cert><xades:CertDigest><ds:DigestMetho' +
  'd Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"></ds:DigestMethod><ds:DigestValue>YjM1ODhhZDk4M2E4ZWJiODA1ZTNlNzZmMDFkMGFjZWUzNjJjNGE1' +
  'N2JlY2Y3MDVjY2U1NTk3YzE0ZWQzNjcyMQ==</ds:DigestValue></xades:CertDigest><xades:IssuerSerial><ds:X509IssuerName>CN=TSZEINVOICE-SubCA-1, DC=ex' +
  'tgazt, DC=gov, DC=local</ds:X509IssuerName><ds:X509SerialNumber>106542223393055553600961055342892667745</ds:X509SerialNumber></xades:IssuerS' +
  'erial></xades:Cert></xades:SigningCertificate></xades:SignedSignatureProperties></xades:SignedProperties></xades:QualifyingProperties></ds:O' +
  'bject></ds:Signature></sac:SignatureInformation></sig:UBLDocumentSignatures></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions><c' +
  'bc:ProfileID>reporting:1.0</cbc:ProfileID><cbc:ID>A-20260101-0001</cbc:ID><cbc:UUID>019b7a3c-4e00-7000-8000-000000000000</cbc:UUID><cbc:Issu' +
  'eDate>2026-11-25</cbc:IssueDate><cbc:IssueTime>13:15:30</cbc:IssueTime><cbc:InvoiceTypeCode name="0200000">388</cbc:InvoiceTypeCode><cbc:Doc' +
  'umentCurrencyCode>SAR</cbc:DocumentCurrencyCode><cbc:TaxCurrencyCode>SAR</cbc:TaxCurrencyCode><cac:AdditionalDocumentReference><cbc:ID>ICV</' +
  'cbc:ID><cbc:UUID>1</cbc:UUID></cac:AdditionalDocumentReference><cac:AdditionalDocumentReference><cbc:ID>PIH</cbc:ID><cac:Attachment><cbc:Emb' +
  'eddedDocumentBinaryObject mimeCode="text/plain">NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==</cb' +
  'c:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference><cac:AdditionalDocumentReference><cbc:ID>QR</cbc:ID><cac:A' +
  'ttachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">ASHZhdmC2YfZiSDYp9mE2YHYrNixICYgQ28gPFJpeWFkaD4CDzM5OTk5OTk5OTkwMDAwMwMTMj' +
  'AyNi0xMS0yNVQxMzoxNTozMAQFNTAuMDAFBDYuNTIGLEtScXoreTZpcUIzOTc5N3E2K3FUdXZEeHZZL0kza3RyM01hNVp2ZjNvaWs9B2BNRVFDSUZ0aE9EU1lhOE10OFVKd24xYThETn' +
  'FWOGEzNWlnNS80K0xkc1pnMHcreDVBaUJiZ2NNQkEyNnhoTmpabjZDa01PV0tvOUJLbTBEV1Q3Um5EUVV5dytZZlpRPT0IWDBWMBAGByqGSM49AgEGBSuBBAAKA0IABC/smHDiwd+Cah' +
  'fItXGsfY8xJLIqSbNFhqxPef10ic6RB/EUO2CZCcabaQyHP7i2GPl7/x9xRF5AAP+zrrF0kakJRzBFAiEA+dWxchjPNg0AingvvsV7a1MfdzbyDYIhgzb+7H80YrACIE0ND56bXWpO4F' +
  'GqShr7Ugs6vEMTSUQQmrjjHxqBdjLC</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference><cac:Signature><cbc:ID>u' +
  'rn:oasis:names:specification:ubl:signature:Invoice</cbc:ID><cbc:SignatureMethod>urn:oasis:names:specification:ubl:dsig:enveloped:xades</cbc:' +
  'SignatureMethod></cac:Signature><cac:AccountingSupplierParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="CRN">1010010000</cbc:ID><' +
  '/cac:PartyIdentification><cac:PostalAddress><cbc:StreetName>King Fahd Road</cbc:StreetName><cbc:BuildingNumber>1234</cbc:BuildingNumber><cbc' +
  ':CitySubdivisionName>Olaya</cbc:CitySubdivisionName><cbc:CityName>Riyadh</cbc:CityName><cbc:PostalZone>12345</cbc:PostalZone><cac:Country><c' +
  'bc:IdentificationCode>SA</cbc:IdentificationCode></cac:Country></cac:PostalAddress><cac:PartyTaxScheme><cbc:CompanyID>399999999900003</cbc:C' +
  'ompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme><cac:PartyLegalEntity><cbc:RegistrationName>مقهى الفجر &amp' +
  '; Co &lt;Riyadh&gt;</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty><cac:AccountingCustomerParty></ca' +
  'c:AccountingCustomerParty><cac:PaymentMeans><cbc:PaymentMeansCode>10</cbc:PaymentMeansCode></cac:PaymentMeans><cac:TaxTotal><cbc:TaxAmount c' +
  'urrencyID="SAR">6.52</cbc:TaxAmount></cac:TaxTotal><cac:TaxTotal><cbc:TaxAmount currencyID="SAR">6.52</cbc:TaxAmount><cac:TaxSubtotal><cbc:T' +
  'axableAmount currencyID="SAR">43.48</cbc:TaxableAmount><cbc:TaxAmount currencyID="SAR">6.52</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:I' +
  'D><cbc:Percent>15.00</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal><cac' +
  ':LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="SAR">43.48</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="SAR">43.48<' +
  '/cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="SAR">50.00</cbc:TaxInclusiveAmount><cbc:AllowanceTotalAmount currencyID="SAR">0.' +
  '00</cbc:AllowanceTotalAmount><cbc:PrepaidAmount currencyID="SAR">0.00</cbc:PrepaidAmount><cbc:PayableAmount currencyID="SAR">50.00</cbc:Paya' +
  'bleAmount></cac:LegalMonetaryTotal><cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="PCE">2</cbc:InvoicedQuantity><cbc:Line' +
  'ExtensionAmount currencyID="SAR">17.39</cbc:LineExtensionAmount><cac:TaxTotal><cbc:TaxAmount currencyID="SAR">2.61</cbc:TaxAmount><cbc:Round' +
  'ingAmount currencyID="SAR">20.00</cbc:RoundingAmount></cac:TaxTotal><cac:Item><cbc:Name>Latte "large" &amp; &lt;hot&gt;</cbc:Name><cac:Class' +
  'ifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>15.00</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCat' +
  'egory></cac:Item><cac:Price><cbc:PriceAmount currencyID="SAR">17.39</cbc:PriceAmount><cbc:BaseQuantity unitCode="PCE">2</cbc:BaseQuantity></' +
  'cac:Price></cac:InvoiceLine><cac:InvoiceLine><cbc:ID>2</cbc:ID><cbc:InvoicedQuantity unitCode="PCE">3</cbc:InvoicedQuantity><cbc:LineExtensi' +
  'onAmount currencyID="SAR">26.09</cbc:LineExtensionAmount><cac:TaxTotal><cbc:TaxAmount currencyID="SAR">3.91</cbc:TaxAmount><cbc:RoundingAmou' +
  'nt currencyID="SAR">30.00</cbc:RoundingAmount></cac:TaxTotal><cac:Item><cbc:Name>كرواسون</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc' +
  ':ID><cbc:Percent>15.00</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item><cac:Price><cb' +
  'c:PriceAmount currencyID="SAR">26.09</cbc:PriceAmount><cbc:BaseQuantity unitCode="PCE">3</cbc:BaseQuantity></cac:Price></cac:InvoiceLine></I' +
  'nvoice>';
