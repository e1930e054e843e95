import type { ModifierKey } from './demo-modifiers.ts';

/** Extra facts about a menu item; defaults come from its category. */
export interface ItemOptions {
  /** Replaces the category's modifiers. */
  mods?: readonly ModifierKey[];
  /** Sold with a printed barcode (and tracked stock). */
  packaged?: boolean;
  /** Seasonal and switched off. */
  inactive?: boolean;
}

/** English name, Arabic name, English description, Arabic description, price in SAR, options. */
export type MenuItem = readonly [string, string, string, string, string, ItemOptions?];

export interface MenuCategory {
  id: number;
  icon: string;
  en: string;
  ar: string;
  /** Drinks get a takeaway discount, food a delivery surcharge; retail neither. */
  kind: 'drink' | 'food' | 'retail';
  /** Preparation minutes, or null where nothing is prepared. */
  minutes: number | null;
  mods: readonly ModifierKey[];
  items: readonly MenuItem[];
}

const black: readonly ModifierKey[] = ['extraShot', 'largeCoffee', 'decaf'];
const traditional: readonly ModifierKey[] = ['largeCoffee'];

/** The demo cafe's menu: hand-written, bilingual, priced in SAR with VAT included. */
export const DEMO_MENU: readonly MenuCategory[] = [
  {
    id: 1,
    icon: '☕',
    en: 'Hot coffee',
    ar: 'قهوة ساخنة',
    kind: 'drink',
    minutes: 4,
    mods: ['extraShot', 'oatMilk', 'almondMilk', 'largeCoffee', 'sugarFreeVanilla', 'decaf'],
    items: [
      ['Espresso', 'إسبريسو', 'A double shot of our house blend, rich and syrupy.', 'جرعة مزدوجة من خلطتنا الخاصة، غنية وكثيفة.', '9.00', { mods: black }],
      ['Americano', 'أمريكانو', 'Espresso lengthened with hot water.', 'إسبريسو مع ماء ساخن.', '11.00', { mods: black }],
      ['Cortado', 'كورتادو', 'Espresso cut with an equal part of warm milk.', 'إسبريسو مع كمية مماثلة من الحليب الدافئ.', '14.00'],
      ['Piccolo', 'بيكولو', 'A ristretto topped with a little warm milk.', 'ريستريتو مع قليل من الحليب الدافئ.', '13.00'],
      ['Flat white', 'فلات وايت', 'Double ristretto with silky microfoam.', 'ريستريتو مزدوج مع رغوة حليب ناعمة.', '16.00'],
      ['Cappuccino', 'كابتشينو', 'Espresso, steamed milk and a thick cap of foam.', 'إسبريسو وحليب مبخر مع طبقة رغوة كثيفة.', '15.00'],
      ['Caffè latte', 'كافيه لاتيه', 'Espresso with plenty of steamed milk.', 'إسبريسو مع كمية وفيرة من الحليب المبخر.', '16.00'],
      ['Spanish latte', 'سبانيش لاتيه', 'Latte sweetened with condensed milk.', 'لاتيه محلى بالحليب المكثف.', '18.00'],
      ['Caramel macchiato', 'كراميل ماكياتو', 'Vanilla milk marked with espresso and a caramel drizzle.', 'حليب بالفانيليا مع إسبريسو وصوص الكراميل.', '19.00'],
      ['Mocha', 'موكا', 'Espresso, dark chocolate and steamed milk.', 'إسبريسو مع شوكولاتة داكنة وحليب مبخر.', '18.00'],
      ['Saudi coffee', 'قهوة سعودية', 'Lightly roasted beans brewed with cardamom and saffron, served with dates.', 'بن محمص تحميصاً خفيفاً مع الهيل والزعفران، تقدم مع التمر.', '12.00', { mods: traditional }],
      ['Turkish coffee', 'قهوة تركية', 'Finely ground coffee simmered in a cezve.', 'قهوة مطحونة ناعماً مطبوخة على نار هادئة في الركوة.', '10.00', { mods: traditional }],
      ['V60 pour-over', 'قهوة مقطرة V60', 'Single-origin coffee brewed by hand, ask for today’s beans.', 'قهوة مختصة من محصول واحد محضرة يدوياً، اسأل عن محصول اليوم.', '17.00', { mods: traditional }],
      ['Hot chocolate', 'شوكولاتة ساخنة', 'Belgian chocolate melted into steamed milk.', 'شوكولاتة بلجيكية مذابة في حليب مبخر.', '16.00', { mods: ['oatMilk', 'almondMilk', 'largeCoffee', 'whippedCream'] }],
      ['Pumpkin spice latte', 'لاتيه اليقطين بالتوابل', 'Autumn special: pumpkin, cinnamon and nutmeg.', 'إصدار الخريف: يقطين وقرفة وجوزة الطيب.', '19.00', { inactive: true }],
    ],
  },
  {
    id: 2,
    icon: '🧊',
    en: 'Iced drinks',
    ar: 'مشروبات باردة',
    kind: 'drink',
    minutes: 4,
    mods: ['extraShot', 'oatMilk', 'largeCoffee', 'sugarFreeCaramel', 'lessIce'],
    items: [
      ['Iced latte', 'آيس لاتيه', 'Espresso and cold milk over ice.', 'إسبريسو وحليب بارد مع الثلج.', '17.00'],
      ['Iced Spanish latte', 'آيس سبانيش لاتيه', 'Our Spanish latte, poured over ice.', 'سبانيش لاتيه يقدم مع الثلج.', '19.00'],
      ['Iced americano', 'آيس أمريكانو', 'Espresso and cold water over ice.', 'إسبريسو وماء بارد مع الثلج.', '12.00', { mods: ['extraShot', 'largeCoffee', 'lessIce'] }],
      ['Cold brew', 'كولد برو', 'Steeped for 18 hours for a smooth, low-acid cup.', 'منقوعة لمدة 18 ساعة لمذاق ناعم وحموضة منخفضة.', '16.00', { mods: ['largeCoffee', 'lessIce'] }],
      ['Iced mocha', 'آيس موكا', 'Espresso, chocolate and cold milk over ice.', 'إسبريسو وشوكولاتة وحليب بارد مع الثلج.', '19.00'],
      ['Iced caramel macchiato', 'آيس كراميل ماكياتو', 'Cold vanilla milk, espresso and caramel over ice.', 'حليب بالفانيليا بارد مع إسبريسو وكراميل وثلج.', '20.00'],
      ['Caramel frappé', 'فرابيه كراميل', 'Blended coffee, milk, caramel and ice.', 'قهوة مخفوقة مع الحليب والكراميل والثلج.', '21.00'],
      ['Mocha frappé', 'فرابيه موكا', 'Blended coffee, milk, chocolate and ice.', 'قهوة مخفوقة مع الحليب والشوكولاتة والثلج.', '21.00'],
      ['Iced matcha latte', 'آيس ماتشا لاتيه', 'Ceremonial-grade matcha whisked into cold milk.', 'ماتشا فاخرة مخفوقة في حليب بارد.', '20.00'],
      ['Iced hibiscus', 'كركديه مثلج', 'Chilled hibiscus infusion, lightly sweetened.', 'منقوع الكركديه المبرد محلى قليلاً.', '12.00', { mods: ['largeTea', 'noSugar', 'lessIce'] }],
      ['Sparkling lemon mint', 'ليمون بالنعناع فوار', 'Fresh lemon and mint topped with soda.', 'ليمون طازج ونعناع مع الصودا.', '14.00', { mods: ['largeJuice', 'noSugar', 'lessIce'] }],
      ['Affogato', 'أفوجاتو', 'A scoop of vanilla ice cream drowned in espresso.', 'كرة آيس كريم فانيليا مغمورة بالإسبريسو.', '18.00', { mods: ['extraShot'] }],
      ['Iced chocolate', 'شوكولاتة مثلجة', 'Belgian chocolate and cold milk over ice.', 'شوكولاتة بلجيكية وحليب بارد مع الثلج.', '17.00', { mods: ['oatMilk', 'largeCoffee', 'whippedCream'] }],
      ['Iced rose latte', 'آيس لاتيه الورد', 'Summer special: Taif rose syrup with espresso and milk.', 'إصدار الصيف: شراب ورد الطائف مع الإسبريسو والحليب.', '20.00', { inactive: true }],
    ],
  },
  {
    id: 3,
    icon: '🍵',
    en: 'Tea',
    ar: 'شاي',
    kind: 'drink',
    minutes: 3,
    mods: ['largeTea', 'honey', 'extraMint'],
    items: [
      ['Karak tea', 'شاي كرك', 'Black tea simmered with milk, cardamom and saffron.', 'شاي أسود مطبوخ مع الحليب والهيل والزعفران.', '8.00', { mods: ['largeTea', 'honey'] }],
      ['Moroccan mint tea', 'شاي مغربي بالنعناع', 'Gunpowder green tea with a bunch of fresh mint.', 'شاي أخضر مع باقة من النعناع الطازج.', '10.00'],
      ['Sulaimani tea', 'شاي سليماني', 'Light black tea with lemon and a hint of spice.', 'شاي أسود خفيف مع الليمون ولمسة من البهارات.', '7.00'],
      ['Earl Grey', 'إيرل غراي', 'Black tea scented with bergamot.', 'شاي أسود بنكهة البرغموت.', '10.00'],
      ['English breakfast', 'شاي الإفطار الإنجليزي', 'A robust black tea blend, with milk on request.', 'خلطة شاي أسود قوية، مع الحليب عند الطلب.', '10.00'],
      ['Green tea', 'شاي أخضر', 'Japanese sencha, steeped gently.', 'شاي سنشا ياباني منقوع بهدوء.', '10.00'],
      ['Chamomile', 'بابونج', 'Calming chamomile flowers, caffeine free.', 'أزهار البابونج المهدئة، خالية من الكافيين.', '10.00'],
      ['Matcha latte', 'ماتشا لاتيه', 'Ceremonial-grade matcha with steamed milk.', 'ماتشا فاخرة مع حليب مبخر.', '19.00', { mods: ['largeTea', 'honey', 'oatMilk'] }],
      ['Chai latte', 'تشاي لاتيه', 'Spiced black tea with steamed milk.', 'شاي أسود بالبهارات مع حليب مبخر.', '17.00', { mods: ['largeTea', 'honey', 'oatMilk'] }],
      ['Ginger, lemon and honey', 'زنجبيل وليمون وعسل', 'Fresh ginger and lemon with Sidr honey.', 'زنجبيل طازج وليمون مع عسل السدر.', '12.00', { mods: ['largeTea', 'extraGinger'] }],
      ['Adeni tea', 'شاي عدني', 'Milk tea with cardamom and cloves, the Aden way.', 'شاي بالحليب مع الهيل والقرنفل على الطريقة العدنية.', '9.00', { mods: ['largeTea', 'honey'] }],
      ['Hibiscus tea', 'شاي كركديه', 'Hot hibiscus infusion, tart and ruby red.', 'منقوع الكركديه الساخن بلونه الياقوتي ونكهته الحامضة.', '9.00'],
    ],
  },
  {
    id: 4,
    icon: '🥤',
    en: 'Juices & smoothies',
    ar: 'عصائر وسموذي',
    kind: 'drink',
    minutes: 5,
    mods: ['largeJuice', 'noSugar', 'extraGinger', 'proteinScoop'],
    items: [
      ['Fresh orange juice', 'عصير برتقال طازج', 'Squeezed to order.', 'يعصر عند الطلب.', '15.00', { mods: ['largeJuice', 'extraGinger'] }],
      ['Lemon mint', 'ليمون بالنعناع', 'Fresh lemon blended with mint and ice.', 'ليمون طازج مخفوق مع النعناع والثلج.', '14.00', { mods: ['largeJuice', 'noSugar'] }],
      ['Watermelon juice', 'عصير بطيخ', 'Fresh watermelon, nothing added.', 'بطيخ طازج بدون إضافات.', '14.00', { mods: ['largeJuice', 'extraMint'] }],
      ['Mango juice', 'عصير مانجو', 'Ripe Alphonso mango.', 'مانجو ألفونسو ناضجة.', '16.00'],
      ['Carrot, orange and ginger', 'جزر وبرتقال وزنجبيل', 'A bright, spicy morning juice.', 'عصير صباحي منعش بنكهة الزنجبيل.', '16.00'],
      ['Pomegranate juice', 'عصير رمان', 'Taif pomegranates, pressed fresh.', 'رمان الطائف معصور طازجاً.', '18.00', { mods: ['largeJuice', 'noSugar'] }],
      ['Avocado shake', 'عصير أفوكادو', 'Avocado blended with milk, honey and nuts.', 'أفوكادو مخفوق مع الحليب والعسل والمكسرات.', '19.00'],
      ['Berry smoothie', 'سموذي التوت', 'Strawberries, blueberries and yoghurt.', 'فراولة وتوت أزرق مع الزبادي.', '20.00'],
      ['Mango passion smoothie', 'سموذي مانجو وباشن فروت', 'Mango, passion fruit and coconut milk.', 'مانجو وباشن فروت مع حليب جوز الهند.', '20.00'],
      ['Green detox', 'سموذي أخضر', 'Spinach, apple, cucumber, ginger and lemon.', 'سبانخ وتفاح وخيار وزنجبيل وليمون.', '19.00'],
      ['Date and banana shake', 'ميلك شيك تمر وموز', 'Sukkari dates, banana and cold milk.', 'تمر سكري وموز مع حليب بارد.', '18.00'],
      ['Strawberry banana smoothie', 'سموذي فراولة وموز', 'Strawberries, banana and yoghurt.', 'فراولة وموز مع الزبادي.', '19.00'],
      ['Fruit cocktail', 'كوكتيل فواكه', 'Layers of mango, strawberry and avocado with cream.', 'طبقات من المانجو والفراولة والأفوكادو مع القشطة.', '18.00', { mods: ['largeJuice', 'noSugar'] }],
    ],
  },
  {
    id: 5,
    icon: '🥐',
    en: 'Bakery',
    ar: 'مخبوزات',
    kind: 'food',
    minutes: 3,
    mods: ['warmedUp', 'butterJam'],
    items: [
      ['Butter croissant', 'كرواسون بالزبدة', 'Laminated with French butter, baked every morning.', 'مصنوع بالزبدة الفرنسية ويخبز كل صباح.', '9.00'],
      ['Almond croissant', 'كرواسون باللوز', 'Filled with almond cream and topped with flaked almonds.', 'محشو بكريمة اللوز ومغطى بشرائح اللوز.', '13.00', { mods: ['warmedUp'] }],
      ['Zaatar croissant', 'كرواسون بالزعتر', 'Buttery croissant with zaatar and olive oil.', 'كرواسون بالزبدة مع الزعتر وزيت الزيتون.', '11.00', { mods: ['warmedUp'] }],
      ['Cheese croissant', 'كرواسون بالجبن', 'Filled with white cheese and topped with sesame.', 'محشو بالجبن الأبيض ومغطى بالسمسم.', '12.00', { mods: ['warmedUp'] }],
      ['Pain au chocolat', 'كرواسون بالشوكولاتة', 'Two bars of dark chocolate in croissant dough.', 'قطعتان من الشوكولاتة الداكنة في عجينة الكرواسون.', '12.00', { mods: ['warmedUp'] }],
      ['Cinnamon roll', 'لفائف القرفة', 'Soft roll with cinnamon sugar and cream-cheese icing.', 'لفافة طرية بسكر القرفة وكريمة الجبن.', '13.00', { mods: ['warmedUp'] }],
      ['Blueberry muffin', 'مافن التوت الأزرق', 'Bursting with blueberries, crumble on top.', 'مليء بالتوت الأزرق مع طبقة مقرمشة.', '12.00'],
      ['Banana bread', 'خبز الموز', 'A thick slice of banana and walnut loaf.', 'شريحة سميكة من كيكة الموز والجوز.', '11.00'],
      ['Cheese fatayer', 'فطاير جبنة', 'Three soft pies with akkawi cheese and nigella seeds.', 'ثلاث فطائر طرية بجبنة العكاوي وحبة البركة.', '8.00', { mods: ['warmedUp'] }],
      ['Zaatar manakish', 'مناقيش زعتر', 'Flatbread with zaatar and olive oil, baked to order.', 'خبز مسطح بالزعتر وزيت الزيتون يخبز عند الطلب.', '8.00', { mods: ['extraCheese'] }],
      ['Date maamoul', 'معمول التمر', 'Semolina cookie filled with date paste.', 'كعك السميد المحشو بعجينة التمر.', '6.00', { mods: [] }],
      ['Sesame kaak', 'كعك بالسمسم', 'Crisp ring bread covered in sesame.', 'خبز الكعك المقرمش المغطى بالسمسم.', '5.00', { mods: ['warmedUp'] }],
      ['Sourdough loaf', 'خبز العجين المخمر', 'A whole loaf, fermented for two days.', 'رغيف كامل مخمر لمدة يومين.', '18.00', { mods: [] }],
    ],
  },
  {
    id: 6,
    icon: '🥪',
    en: 'Sandwiches',
    ar: 'ساندويتشات',
    kind: 'food',
    minutes: 8,
    mods: ['extraCheese', 'avocado', 'glutenFree', 'sideFries'],
    items: [
      ['Halloumi and tomato', 'حلومي وطماطم', 'Grilled halloumi, tomato, rocket and pesto on sourdough.', 'حلومي مشوي وطماطم وجرجير وبيستو على خبز العجين المخمر.', '22.00'],
      ['Chicken pesto panini', 'بانيني دجاج بالبيستو', 'Grilled chicken, mozzarella and basil pesto.', 'دجاج مشوي وموزاريلا وبيستو الريحان.', '26.00'],
      ['Turkey and cheese croissant', 'كرواسون ديك رومي وجبن', 'Smoked turkey and cheddar in a butter croissant.', 'ديك رومي مدخن وجبن شيدر في كرواسون بالزبدة.', '24.00'],
      ['Tuna melt', 'تونا ميلت', 'Tuna, sweetcorn and melted cheddar on toasted bread.', 'تونة وذرة حلوة وجبن شيدر ذائب على خبز محمص.', '23.00'],
      ['Club sandwich', 'كلوب ساندويتش', 'Chicken, turkey, egg, lettuce and tomato, triple decker.', 'دجاج وديك رومي وبيض وخس وطماطم في ثلاث طبقات.', '28.00'],
      ['Falafel wrap', 'راب فلافل', 'Falafel, tahini, pickles and parsley in saj bread.', 'فلافل وطحينة ومخلل وبقدونس في خبز الصاج.', '16.00', { mods: ['sideFries'] }],
      ['Shish tawook wrap', 'راب شيش طاووق', 'Marinated chicken with garlic sauce and pickles.', 'دجاج متبل مع صلصة الثوم والمخلل.', '22.00', { mods: ['extraCheese', 'sideFries'] }],
      ['Labneh and cucumber', 'لبنة وخيار', 'Creamy labneh, cucumber, mint and olive oil.', 'لبنة كريمية مع خيار ونعناع وزيت زيتون.', '17.00'],
      ['Smoked salmon bagel', 'بيغل سلمون مدخن', 'Cream cheese, smoked salmon, capers and dill.', 'جبن كريمي وسلمون مدخن وكبر وشبت.', '32.00', { mods: ['avocado'] }],
      ['Beef pastrami sub', 'ساب بسطرمة لحم', 'Beef pastrami, pickles, mustard and Swiss cheese.', 'بسطرمة لحم ومخلل وخردل وجبن سويسري.', '29.00'],
      ['Caprese focaccia', 'فوكاتشا كابريزي', 'Fresh mozzarella, tomato and basil on focaccia.', 'موزاريلا طازجة وطماطم وريحان على خبز الفوكاتشا.', '24.00'],
      ['Egg and cheese brioche', 'بريوش بيض وجبن', 'Soft scrambled eggs and cheddar in a brioche bun.', 'بيض مخفوق طري وجبن شيدر في خبز البريوش.', '19.00'],
    ],
  },
  {
    id: 7,
    icon: '🍰',
    en: 'Desserts',
    ar: 'حلويات',
    kind: 'food',
    minutes: 2,
    mods: ['iceCream', 'whippedCream'],
    items: [
      ['San Sebastian cheesecake', 'تشيز كيك سان سيباستيان', 'Burnt Basque cheesecake with a creamy centre.', 'تشيز كيك باسكي محروق الوجه بقلب كريمي.', '26.00'],
      ['Chocolate fudge cake', 'كيكة الشوكولاتة', 'Three layers of dark chocolate sponge and fudge.', 'ثلاث طبقات من كيك الشوكولاتة الداكنة مع الفدج.', '24.00'],
      ['Red velvet cake', 'كيكة ريد فيلفت', 'Red velvet sponge with cream-cheese frosting.', 'كيك ريد فيلفت مع كريمة الجبن.', '24.00'],
      ['Carrot cake', 'كيكة الجزر', 'Spiced carrot cake with walnuts.', 'كيكة الجزر بالبهارات مع الجوز.', '22.00'],
      ['Tiramisu', 'تيراميسو', 'Espresso-soaked ladyfingers and mascarpone.', 'بسكويت مشبع بالإسبريسو مع كريمة الماسكاربوني.', '25.00', { mods: [] }],
      ['Kunafa with cream', 'كنافة بالقشطة', 'Crisp kunafa filled with fresh cream, with syrup.', 'كنافة مقرمشة محشوة بالقشطة الطازجة مع القطر.', '22.00'],
      ['Umm Ali', 'أم علي', 'Baked pastry pudding with milk, nuts and raisins.', 'حلوى العجين المخبوزة بالحليب والمكسرات والزبيب.', '20.00'],
      ['Saffron milk cake', 'كيكة الحليب بالزعفران', 'Three-milk sponge scented with saffron and cardamom.', 'كيكة الحليب الثلاثي بنكهة الزعفران والهيل.', '23.00'],
      ['Lotus cheesecake', 'تشيز كيك اللوتس', 'Cheesecake on a Lotus biscuit base.', 'تشيز كيك على قاعدة بسكويت اللوتس.', '26.00'],
      ['Brownie', 'براوني', 'Fudgy dark-chocolate brownie.', 'براوني الشوكولاتة الداكنة الطرية.', '14.00'],
      ['Chocolate chip cookie', 'كوكيز برقائق الشوكولاتة', 'Baked in house, crisp edges and soft middle.', 'يخبز لدينا، أطراف مقرمشة ووسط طري.', '9.00', { mods: ['iceCream'] }],
      ['Luqaimat', 'لقيمات', 'Golden dumplings with date syrup and sesame.', 'لقيمات ذهبية مع دبس التمر والسمسم.', '15.00'],
      ['Pistachio éclair', 'إكلير بالفستق', 'Choux pastry filled with pistachio cream.', 'عجينة الشو محشوة بكريمة الفستق.', '16.00', { mods: [] }],
    ],
  },
  {
    id: 8,
    icon: '🍳',
    en: 'Breakfast',
    ar: 'فطور',
    kind: 'food',
    minutes: 12,
    mods: ['extraEgg', 'halloumi', 'avocado', 'glutenFree'],
    items: [
      ['Shakshuka', 'شكشوكة', 'Eggs poached in a spiced tomato and pepper sauce.', 'بيض مطهو في صلصة الطماطم والفلفل المتبلة.', '24.00'],
      ['Foul medames', 'فول مدمس', 'Slow-cooked fava beans with cumin, lemon and olive oil.', 'فول مطبوخ على نار هادئة مع الكمون والليمون وزيت الزيتون.', '16.00', { mods: ['extraEgg'] }],
      ['Eggs Benedict', 'بيض بنديكت', 'Poached eggs, turkey ham and hollandaise on an English muffin.', 'بيض مسلوق وشرائح ديك رومي وصلصة هولنديز على خبز المافن.', '34.00'],
      ['Avocado toast', 'توست الأفوكادو', 'Smashed avocado, feta and chilli on sourdough.', 'أفوكادو مهروس وجبن فيتا وفلفل حار على خبز العجين المخمر.', '28.00'],
      ['Halloumi plate', 'طبق حلومي', 'Grilled halloumi, olives, tomato, cucumber and bread.', 'حلومي مشوي مع زيتون وطماطم وخيار وخبز.', '26.00'],
      ['French toast', 'فرنش توست', 'Brioche French toast with berries and maple syrup.', 'فرنش توست بالبريوش مع التوت وشراب القيقب.', '25.00', { mods: ['iceCream', 'whippedCream'] }],
      ['Pancakes', 'بان كيك', 'Three fluffy pancakes with butter and maple syrup.', 'ثلاث قطع بان كيك هشة مع الزبدة وشراب القيقب.', '27.00', { mods: ['iceCream', 'whippedCream'] }],
      ['Granola bowl', 'وعاء الجرانولا', 'House granola, Greek yoghurt, honey and fruit.', 'جرانولا منزلية مع زبادي يوناني وعسل وفواكه.', '22.00', { mods: [] }],
      ['Balaleet', 'بلاليط', 'Sweet saffron vermicelli topped with an omelette.', 'شعيرية حلوة بالزعفران مع عجة البيض.', '20.00', { mods: ['extraEgg'] }],
      ['Masoub', 'معصوب', 'Mashed bread with banana, honey, cream and dates.', 'خبز مهروس مع الموز والعسل والقشطة والتمر.', '21.00', { mods: [] }],
      ['Omelette', 'أومليت', 'Three-egg omelette with cheese, tomato and herbs.', 'أومليت من ثلاث بيضات مع الجبن والطماطم والأعشاب.', '20.00'],
      ['Arabic breakfast platter', 'طبق الفطور العربي', 'Foul, hummus, labneh, eggs, cheese, olives and bread for two.', 'فول وحمص ولبنة وبيض وجبن وزيتون وخبز لشخصين.', '45.00'],
    ],
  },
  {
    id: 9,
    icon: '🥗',
    en: 'Salads & soups',
    ar: 'سلطات وشوربات',
    kind: 'food',
    minutes: 7,
    mods: ['grilledChicken', 'halloumi', 'dressingSide'],
    items: [
      ['Fattoush', 'فتوش', 'Crisp vegetables, toasted bread and sumac dressing.', 'خضار مقرمشة مع خبز محمص وصلصة السماق.', '18.00'],
      ['Tabbouleh', 'تبولة', 'Parsley, bulgur, tomato, lemon and olive oil.', 'بقدونس وبرغل وطماطم وليمون وزيت زيتون.', '17.00'],
      ['Caesar salad', 'سلطة سيزر', 'Romaine, parmesan, croutons and Caesar dressing.', 'خس روماني وجبن بارميزان وخبز محمص وصلصة السيزر.', '26.00'],
      ['Quinoa salad', 'سلطة الكينوا', 'Quinoa, roasted vegetables, pomegranate and mint.', 'كينوا وخضار مشوية ورمان ونعناع.', '27.00'],
      ['Greek salad', 'سلطة يونانية', 'Tomato, cucumber, olives, red onion and feta.', 'طماطم وخيار وزيتون وبصل أحمر وجبن فيتا.', '24.00'],
      ['Rocket and halloumi salad', 'سلطة جرجير وحلومي', 'Rocket, grilled halloumi, walnuts and pomegranate molasses.', 'جرجير وحلومي مشوي وجوز ودبس الرمان.', '25.00'],
      ['Burrata salad', 'سلطة بوراتا', 'Burrata, heirloom tomatoes, basil and olive oil.', 'جبن بوراتا مع طماطم متنوعة وريحان وزيت زيتون.', '34.00', { mods: ['dressingSide'] }],
      ['Lentil soup', 'شوربة عدس', 'Red lentils with cumin and lemon, served with bread.', 'عدس أحمر بالكمون والليمون يقدم مع الخبز.', '14.00', { mods: [] }],
      ['Mushroom soup', 'شوربة فطر', 'Creamy mushroom soup with thyme.', 'شوربة فطر كريمية بالزعتر البري.', '16.00', { mods: [] }],
      ['Tomato soup', 'شوربة طماطم', 'Roasted tomato and red pepper soup.', 'شوربة الطماطم والفلفل الأحمر المشوي.', '15.00', { mods: [] }],
    ],
  },
  {
    id: 10,
    icon: '📦',
    en: 'Packaged goods',
    ar: 'منتجات معبأة',
    kind: 'retail',
    minutes: null,
    mods: [],
    items: [
      ['Still water 330 ml', 'مياه 330 مل', 'Bottled still water.', 'مياه معبأة.', '2.00', { packaged: true, mods: ['chilled'] }],
      ['Sparkling water 330 ml', 'مياه فوارة 330 مل', 'Bottled sparkling mineral water.', 'مياه معدنية فوارة معبأة.', '6.00', { packaged: true, mods: ['chilled'] }],
      ['Orange juice bottle 300 ml', 'عصير برتقال معبأ 300 مل', 'Cold-pressed orange juice.', 'عصير برتقال معصور على البارد.', '9.00', { packaged: true, mods: ['chilled'] }],
      ['Laban 200 ml', 'لبن 200 مل', 'Fresh laban drink.', 'مشروب لبن طازج.', '3.00', { packaged: true }],
      ['Date bar', 'لوح التمر', 'Dates, oats and almonds, no added sugar.', 'تمر وشوفان ولوز بدون سكر مضاف.', '7.00', { packaged: true }],
      ['Dark chocolate bar', 'لوح شوكولاتة داكنة', '70% cocoa, 100 g.', 'كاكاو 70٪، 100 غ.', '12.00', { packaged: true }],
      ['Sea salt potato chips', 'رقائق بطاطس بملح البحر', 'Kettle-cooked, 150 g.', 'مطبوخة في القدر، 150 غ.', '6.00', { packaged: true }],
      ['House blend beans 250 g', 'بن الخلطة الخاصة 250 غ', 'Whole beans of our espresso blend.', 'حبوب كاملة من خلطة الإسبريسو الخاصة بنا.', '55.00', { packaged: true, mods: ['giftWrap'] }],
      ['Saudi coffee 250 g', 'قهوة سعودية 250 غ', 'Ground Khawlani coffee with cardamom.', 'قهوة خولانية مطحونة مع الهيل.', '45.00', { packaged: true, mods: ['giftWrap'] }],
      ['Cold brew bottle 250 ml', 'كولد برو معبأ 250 مل', 'Our cold brew, bottled.', 'الكولد برو الخاص بنا في عبوة.', '16.00', { packaged: true, mods: ['chilled'] }],
      ['Granola jar 300 g', 'جرانولا معبأة 300 غ', 'House granola with nuts and honey.', 'جرانولا منزلية بالمكسرات والعسل.', '28.00', { packaged: true }],
      ['Sidr honey 250 g', 'عسل سدر 250 غ', 'Pure Sidr honey from the south of the Kingdom.', 'عسل سدر صافٍ من جنوب المملكة.', '85.00', { packaged: true, mods: ['giftWrap'] }],
      ['Mixed nuts 150 g', 'مكسرات مشكلة 150 غ', 'Roasted almonds, cashews and pistachios.', 'لوز وكاجو وفستق محمص.', '18.00', { packaged: true }],
    ],
  },
];
