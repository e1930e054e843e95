/**
 * Text of the branch's stations (issue 20): the registry's refusals and the
 * Stations tab, in both languages; spread into MESSAGES_EN and MESSAGES_AR.
 * The Arabic object is typed against the English keys, so a missing
 * translation fails the build.
 */
export const STATION_MESSAGES_EN = {
  'reason.station.none': 'This till has no station in use: add one on the Stations tab of the Branch screen.',
  'reason.station.nameEmpty': 'A station needs a name, like “Counter B”.',
  'reason.station.nameTooLong': 'A station’s name has at most {max} characters.',
  'reason.station.codeInvalid': 'The station code “{code}” is not one or two capital letters A–Z, like B or TK.',
  'reason.station.codeTaken': 'The code {code} is already the station “{name}”: pick another code.',
  'reason.station.codeRemoved': 'The code {code} belonged to the removed station “{name}” and its order numbers: pick another code.',
  'reason.station.kindInvalid': 'A station is a counter, a kitchen display or a customer display.',
  'reason.station.printerUnknown': 'The catalog has no printer “{printer}”: sync the catalog, then pick one of its printers.',
  'reason.station.unknown': 'This till has no station with the code {code}.',
  'reason.station.lastCounter': '“{name}” ({code}) is the last counter: add another station before removing it.',
};

export type StationMessageKey = keyof typeof STATION_MESSAGES_EN;

export const STATION_MESSAGES_AR: Record<StationMessageKey, string> = {
  'reason.station.none': 'لا توجد محطة مستخدمة على هذا الجهاز: أضف محطة من تبويب المحطات في شاشة الفرع.',
  'reason.station.nameEmpty': 'تحتاج المحطة إلى اسم، مثل «الكاونتر B».',
  'reason.station.nameTooLong': 'اسم المحطة {max} حرفاً على الأكثر.',
  'reason.station.codeInvalid': 'رمز المحطة «\u2066{code}\u2069» ليس حرفاً أو حرفين إنجليزيين كبيرين، مثل B أو TK.',
  'reason.station.codeTaken': 'الرمز \u2066{code}\u2069 مستخدم للمحطة «{name}»: اختر رمزاً آخر.',
  'reason.station.codeRemoved': 'الرمز \u2066{code}\u2069 كان للمحطة المحذوفة «{name}» ولأرقام طلباتها: اختر رمزاً آخر.',
  'reason.station.kindInvalid': 'المحطة إما كاونتر أو شاشة مطبخ أو شاشة عملاء.',
  'reason.station.printerUnknown': 'لا توجد في الكتالوج طابعة «\u2066{printer}\u2069»: زامن الكتالوج ثم اختر إحدى طابعاته.',
  'reason.station.unknown': 'لا توجد على هذا الجهاز محطة بالرمز \u2066{code}\u2069.',
  'reason.station.lastCounter': '«{name}» (\u2066{code}\u2069) هي آخر كاونتر: أضف محطة أخرى قبل حذفها.',
};
