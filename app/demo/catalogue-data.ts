/**
 * The demo store's catalogue: what a Mumbai HoReCa (hotel, restaurant, catering) wholesaler
 * stocks. Prices are MRPs in rupees for the pack, as printed; the factories derive sale and
 * tier prices from them. Kept as plain data so the seed, the tests and the benchmark
 * generator all read the same shelves.
 */

export type PackKind =
  | "pouch"
  | "bottle"
  | "jar"
  | "tin"
  | "box"
  | "sack"
  | "tub"
  | "carton"
  | "tray"
  | "roll"
  | "pack"
  | "can"
  | "pot"
  | "tool";

export interface ItemData {
  /** Item name without brand and pack, e.g. 'Fresh Paneer Block'. */
  name: string;
  brands: readonly string[];
  /** "size unit mrp" entries, e.g. "1 kg 420". */
  packs: readonly string[];
  veg: "green" | "brown" | null;
  kind: PackKind;
  gst: number;
  hsn: string;
  about: string;
  /** Sizes a shopper picks on the detail page (each with its own stock), when the item has them. */
  sizes?: readonly string[];
}

export interface SubCategoryData {
  name: string;
  items: readonly ItemData[];
}

export interface CategoryData {
  name: string;
  /** Tile and image colour. */
  colour: string;
  icon: string;
  subs: readonly SubCategoryData[];
}

export interface BrandData {
  name: string;
  colour: string;
}

export const DEMO_BRANDS: readonly BrandData[] = [
  { name: "Amul", colour: "#1565c0" },
  { name: "Mother Dairy", colour: "#2e7d32" },
  { name: "Gowardhan", colour: "#0277bd" },
  { name: "Britannia", colour: "#c62828" },
  { name: "Fortune", colour: "#ef6c00" },
  { name: "Saffola", colour: "#d84315" },
  { name: "Dhara", colour: "#f9a825" },
  { name: "Engine", colour: "#b71c1c" },
  { name: "India Gate", colour: "#6d4c41" },
  { name: "Daawat", colour: "#ad1457" },
  { name: "Aashirvaad", colour: "#e65100" },
  { name: "Rajdhani", colour: "#8e24aa" },
  { name: "Tata Sampann", colour: "#283593" },
  { name: "MDH", colour: "#c62828" },
  { name: "Everest", colour: "#1b5e20" },
  { name: "Catch", colour: "#00695c" },
  { name: "Kissan", colour: "#d32f2f" },
  { name: "Veeba", colour: "#4e342e" },
  { name: "Dr. Oetker FunFoods", colour: "#c2185b" },
  { name: "Tata Tea", colour: "#1a237e" },
  { name: "Brooke Bond", colour: "#b71c1c" },
  { name: "Nescafe", colour: "#3e2723" },
  { name: "Bisleri", colour: "#00838f" },
  { name: "McCain", colour: "#fbc02d" },
  { name: "Safal", colour: "#388e3c" },
  { name: "Weikfield", colour: "#5d4037" },
  { name: "Morde", colour: "#4e342e" },
  { name: "Hotpack", colour: "#0d47a1" },
  { name: "Freshwrapp", colour: "#00897b" },
  { name: "Vim", colour: "#2e7d32" },
  { name: "Lizol", colour: "#6a1b9a" },
  { name: "Dettol", colour: "#1b5e20" },
  { name: "Scotch-Brite", colour: "#0277bd" },
  { name: "Prestige", colour: "#b71c1c" },
  { name: "Hawkins", colour: "#37474f" },
  { name: "Vinod", colour: "#455a64" },
  { name: "Tata Salt", colour: "#1565c0" },
  { name: "Happilo", colour: "#f57f17" },
  { name: "Maggi", colour: "#f9a825" },
  { name: "Del Monte", colour: "#2e7d32" },
];

const dairy = { gst: 5, hsn: "0406" };
const frozen = { gst: 5, hsn: "0710" };
const oil = { gst: 5, hsn: "1512" };
const grain = { gst: 5, hsn: "1006" };
const flour = { gst: 5, hsn: "1101" };
const pulse = { gst: 5, hsn: "0713" };
const spice = { gst: 5, hsn: "0910" };
const sauce = { gst: 5, hsn: "2103" };
const drink = { gst: 5, hsn: "0902" };
const bakery = { gst: 5, hsn: "1905" };
const pack18 = { gst: 18, hsn: "3923" };
const paper18 = { gst: 18, hsn: "4823" };
const clean18 = { gst: 18, hsn: "3402" };
const steel12 = { gst: 12, hsn: "7323" };

export const DEMO_CATEGORIES: readonly CategoryData[] = [
  {
    name: "Dairy & Eggs",
    colour: "#1e88e5",
    icon: "milk",
    subs: [
      {
        name: "Paneer & Cheese",
        items: [
          { name: "Fresh Paneer Block", brands: ["Amul", "Gowardhan", "Mother Dairy"], packs: ["1 kg 440", "200 g 95"], veg: "green", kind: "pack", ...dairy, about: "Soft, fresh malai paneer that holds its shape in tikka, curries and bhurji. Keep refrigerated at 0-4 °C and use within the date on the pack." },
          { name: "Processed Cheese Block", brands: ["Amul", "Britannia"], packs: ["1 kg 560", "400 g 240"], veg: "green", kind: "box", ...dairy, about: "Processed cheddar block that grates and melts evenly for sandwiches, pizzas and baked dishes." },
          { name: "Mozzarella Cheese (Pizza Cheese)", brands: ["Amul", "Gowardhan"], packs: ["1 kg 590", "2 kg 1150"], veg: "green", kind: "pack", ...dairy, about: "Diced pizza cheese with a long, even stretch. Made for high-volume pizza and pasta kitchens." },
          { name: "Cheese Slices", brands: ["Amul", "Britannia"], packs: ["750 g 420", "200 g 130"], veg: "green", kind: "pack", ...dairy, about: "Individually separated processed cheese slices for burgers and sandwiches." },
        ],
      },
      {
        name: "Butter & Cream",
        items: [
          { name: "Pasteurised Table Butter", brands: ["Amul", "Mother Dairy"], packs: ["500 g 285", "100 g 58"], veg: "green", kind: "box", ...dairy, about: "Salted table butter for pav bhaji, parathas, toast and baking." },
          { name: "White Butter (Unsalted)", brands: ["Amul", "Gowardhan"], packs: ["500 g 270"], veg: "green", kind: "box", ...dairy, about: "Unsalted cooking butter for bakery, sauces and makhani gravies." },
          { name: "Fresh Cream (25% Fat)", brands: ["Amul", "Gowardhan"], packs: ["1 L 240", "250 ml 68"], veg: "green", kind: "carton", ...dairy, about: "UHT-treated fresh cream for gravies, soups and desserts. Stays good unopened without refrigeration." },
          { name: "Whipping Cream (Non-Dairy)", brands: ["Amul", "Dr. Oetker FunFoods"], packs: ["1 L 310"], veg: "green", kind: "carton", ...dairy, about: "Stable whipping cream for cake decoration and cold coffee toppings; whips to four times its volume." },
        ],
      },
      {
        name: "Milk & Curd",
        items: [
          { name: "Toned Milk (UHT)", brands: ["Amul", "Mother Dairy"], packs: ["1 L 74"], veg: "green", kind: "carton", ...dairy, hsn: "0401", gst: 0, about: "Long-life toned milk in Tetra Pak for tea counters and kitchens without daily milk delivery." },
          { name: "Dahi (Set Curd)", brands: ["Amul", "Mother Dairy", "Gowardhan"], packs: ["5 kg 420", "1 kg 95"], veg: "green", kind: "tub", ...dairy, hsn: "0403", about: "Thick set curd for raita, marinades and lassi, in a catering tub." },
          { name: "Skimmed Milk Powder", brands: ["Amul", "Gowardhan"], packs: ["1 kg 480", "500 g 250"], veg: "green", kind: "pouch", ...dairy, hsn: "0402", about: "Spray-dried skimmed milk powder for tea, sweets and bakery." },
          { name: "Farm Eggs (Tray of 30)", brands: ["Safal"], packs: ["30 pc 210"], veg: "brown", kind: "tray", gst: 0, hsn: "0407", about: "Fresh table eggs, graded and packed in a 30-egg tray." },
        ],
      },
    ],
  },
  {
    name: "Frozen Foods",
    colour: "#00acc1",
    icon: "snowflake",
    subs: [
      {
        name: "Frozen Vegetables",
        items: [
          { name: "Frozen Green Peas", brands: ["Safal", "McCain"], packs: ["1 kg 190", "5 kg 880"], veg: "green", kind: "pouch", ...frozen, about: "IQF green peas, blanched and frozen within hours of harvest. Cook straight from frozen." },
          { name: "Frozen Sweet Corn", brands: ["Safal", "McCain"], packs: ["1 kg 210"], veg: "green", kind: "pouch", ...frozen, about: "Sweet corn kernels for soups, chaat and pizzas." },
          { name: "Frozen Mixed Vegetables", brands: ["Safal"], packs: ["1 kg 200"], veg: "green", kind: "pouch", ...frozen, about: "Carrot, beans, peas and corn, diced evenly for fried rice, pulao and korma." },
        ],
      },
      {
        name: "Frozen Snacks",
        items: [
          { name: "French Fries 9 mm", brands: ["McCain"], packs: ["2.5 kg 520", "1.25 kg 290"], veg: "green", kind: "pouch", ...frozen, hsn: "2004", about: "Straight-cut 9 mm fries, par-fried for a crisp finish in 3 minutes." },
          { name: "Aloo Tikki", brands: ["McCain", "Safal"], packs: ["1.5 kg 360"], veg: "green", kind: "pouch", ...frozen, hsn: "2004", about: "Spiced potato patties for burgers and chaat; shallow or deep fry from frozen." },
          { name: "Veg Spring Rolls", brands: ["McCain"], packs: ["1 kg 340"], veg: "green", kind: "box", ...frozen, hsn: "1902", about: "Crisp spring rolls filled with cabbage, carrot and noodles." },
          { name: "Chicken Nuggets", brands: ["McCain"], packs: ["1 kg 460"], veg: "brown", kind: "pouch", ...frozen, hsn: "1602", about: "Breaded chicken nuggets, fully cooked; fry for 4 minutes." },
        ],
      },
      {
        name: "Frozen Breads & Desserts",
        items: [
          { name: "Malabar Parotta", brands: ["Safal", "Britannia"], packs: ["20 pc 320", "5 pc 90"], veg: "green", kind: "pack", ...frozen, hsn: "1905", about: "Flaky layered parottas, ready on a hot tawa in 2 minutes a side." },
          { name: "Vanilla Ice Cream Tub", brands: ["Amul", "Mother Dairy"], packs: ["4 L 620", "1 L 210"], veg: "green", kind: "tub", ...dairy, hsn: "2105", gst: 18, about: "Creamy vanilla ice cream in a scoopable catering tub." },
        ],
      },
    ],
  },
  {
    name: "Oils & Ghee",
    colour: "#f9a825",
    icon: "drop",
    subs: [
      {
        name: "Refined Oils",
        items: [
          { name: "Refined Sunflower Oil", brands: ["Fortune", "Saffola", "Dhara"], packs: ["15 L 2350", "5 L 820", "1 L 175"], veg: "green", kind: "can", ...oil, about: "Light refined sunflower oil with a high smoke point for deep frying and everyday cooking." },
          { name: "Refined Soyabean Oil", brands: ["Fortune", "Dhara"], packs: ["15 L 2150", "1 L 150"], veg: "green", kind: "can", ...oil, about: "Refined soyabean oil for large-batch frying and gravies." },
          { name: "Rice Bran Oil", brands: ["Fortune", "Saffola"], packs: ["15 L 2450", "5 L 860"], veg: "green", kind: "can", ...oil, about: "Rice bran oil with natural oryzanol; holds up to repeated frying." },
          { name: "Cottonseed Oil", brands: ["Engine"], packs: ["15 L 2080"], veg: "green", kind: "tin", ...oil, about: "Refined cottonseed oil, the namkeen maker's frying oil." },
        ],
      },
      {
        name: "Mustard & Groundnut Oil",
        items: [
          { name: "Kachi Ghani Mustard Oil", brands: ["Fortune", "Engine", "Dhara"], packs: ["15 L 2600", "1 L 190"], veg: "green", kind: "tin", ...oil, hsn: "1514", about: "Cold-pressed mustard oil with its full pungency for pickles, fish and tadka." },
          { name: "Filtered Groundnut Oil", brands: ["Fortune", "Engine"], packs: ["15 L 3100", "5 L 1080"], veg: "green", kind: "tin", ...oil, hsn: "1508", about: "Filtered groundnut oil for South Indian and Gujarati kitchens." },
        ],
      },
      {
        name: "Ghee & Vanaspati",
        items: [
          { name: "Pure Cow Ghee", brands: ["Amul", "Gowardhan", "Mother Dairy"], packs: ["15 kg 9400", "1 L 650", "500 ml 335"], veg: "green", kind: "tin", ...dairy, hsn: "0405", about: "Danedar cow ghee with a rich aroma, for sweets, dal tadka and biryani." },
          { name: "Vanaspati (Hydrogenated Fat)", brands: ["Dhara", "Engine"], packs: ["15 kg 2450"], veg: "green", kind: "tin", ...oil, hsn: "1516", about: "Bakery and halwai fat for flaky pastries and deep-fried sweets." },
        ],
      },
    ],
  },
  {
    name: "Rice, Atta & Flours",
    colour: "#8d6e63",
    icon: "grain",
    subs: [
      {
        name: "Basmati Rice",
        items: [
          { name: "Classic Basmati Rice", brands: ["India Gate", "Daawat"], packs: ["25 kg 4150", "5 kg 890", "1 kg 190"], veg: "green", kind: "sack", ...grain, about: "Aged long-grain basmati that cooks to separate, fragrant grains. Ideal for biryani and pulao." },
          { name: "Biryani Basmati Rice (Extra Long)", brands: ["India Gate", "Daawat"], packs: ["25 kg 5600", "5 kg 1190"], veg: "green", kind: "sack", ...grain, about: "Extra-long grains aged 2 years, elongating to twice their length on cooking." },
          { name: "Rozana Basmati Rice (Mogra)", brands: ["India Gate", "Daawat"], packs: ["25 kg 2350"], veg: "green", kind: "sack", ...grain, about: "Broken basmati for everyday rice, khichdi and staff meals at a sharp price." },
        ],
      },
      {
        name: "Everyday Rice",
        items: [
          { name: "Sona Masoori Rice", brands: ["Tata Sampann", "Daawat"], packs: ["25 kg 1750", "5 kg 380"], veg: "green", kind: "sack", ...grain, about: "Light, aromatic medium-grain rice for South Indian meals and idli batter." },
          { name: "Idli Rice (Parboiled)", brands: ["Tata Sampann"], packs: ["25 kg 1300"], veg: "green", kind: "sack", ...grain, about: "Parboiled rice for soft idli and dosa batter." },
        ],
      },
      {
        name: "Atta, Maida & Sooji",
        items: [
          { name: "Whole Wheat Atta", brands: ["Aashirvaad", "Fortune", "Rajdhani"], packs: ["50 kg 2350", "10 kg 520", "5 kg 275"], veg: "green", kind: "sack", ...flour, about: "Chakki-ground whole wheat atta for soft rotis that stay soft for hours." },
          { name: "Maida (Refined Wheat Flour)", brands: ["Rajdhani", "Fortune"], packs: ["50 kg 2050", "1 kg 52"], veg: "green", kind: "sack", ...flour, about: "Fine refined flour for naan, bhatura, samosa and bakery." },
          { name: "Bombay Rava (Sooji)", brands: ["Rajdhani", "Fortune"], packs: ["30 kg 1500", "1 kg 62"], veg: "green", kind: "sack", ...flour, about: "Medium semolina for upma, sheera and rava dosa." },
        ],
      },
      {
        name: "Besan & Other Flours",
        items: [
          { name: "Besan (Gram Flour)", brands: ["Rajdhani", "Tata Sampann", "Fortune"], packs: ["30 kg 2700", "1 kg 110", "500 g 58"], veg: "green", kind: "sack", ...flour, hsn: "1106", about: "Fine besan from chana dal for pakoras, kadhi and sweets." },
          { name: "Corn Flour", brands: ["Weikfield", "Rajdhani"], packs: ["1 kg 130", "500 g 70"], veg: "green", kind: "pouch", ...flour, hsn: "1108", about: "Corn starch for thickening soups and coating Chinese starters." },
          { name: "Rice Flour", brands: ["Rajdhani"], packs: ["1 kg 70"], veg: "green", kind: "pouch", ...flour, hsn: "1102", about: "Fine rice flour for crisp dosa, modak and batter coatings." },
        ],
      },
    ],
  },
  {
    name: "Dals & Pulses",
    colour: "#ff8f00",
    icon: "grain",
    subs: [
      {
        name: "Dals",
        items: [
          { name: "Toor Dal (Unpolished)", brands: ["Tata Sampann", "Rajdhani"], packs: ["30 kg 4950", "1 kg 175"], veg: "green", kind: "sack", ...pulse, about: "Unpolished arhar dal that cooks quickly to a creamy dal." },
          { name: "Moong Dal (Yellow)", brands: ["Tata Sampann", "Rajdhani"], packs: ["30 kg 3900", "1 kg 140"], veg: "green", kind: "sack", ...pulse, about: "Split yellow moong for dal, khichdi and halwa." },
          { name: "Chana Dal", brands: ["Tata Sampann", "Rajdhani"], packs: ["30 kg 2850", "1 kg 105"], veg: "green", kind: "sack", ...pulse, about: "Bold chana dal for dal fry, besan and snacks." },
          { name: "Urad Dal (Split, White)", brands: ["Tata Sampann", "Rajdhani"], packs: ["30 kg 4200", "1 kg 150"], veg: "green", kind: "sack", ...pulse, about: "Dehusked urad for idli, dosa and vada batter." },
          { name: "Masoor Dal (Red Lentils)", brands: ["Tata Sampann"], packs: ["30 kg 2900", "1 kg 110"], veg: "green", kind: "sack", ...pulse, about: "Quick-cooking red lentils for everyday dal." },
        ],
      },
      {
        name: "Whole Pulses",
        items: [
          { name: "Kabuli Chana", brands: ["Tata Sampann", "Rajdhani"], packs: ["30 kg 4500", "1 kg 165"], veg: "green", kind: "sack", ...pulse, about: "Large white chickpeas for chole and salads." },
          { name: "Rajma (Chitra)", brands: ["Tata Sampann"], packs: ["30 kg 4800", "1 kg 170"], veg: "green", kind: "sack", ...pulse, about: "Speckled chitra rajma that cooks soft for rajma chawal." },
        ],
      },
    ],
  },
  {
    name: "Spices & Masala",
    colour: "#d84315",
    icon: "chilli",
    subs: [
      {
        name: "Ground Spices",
        items: [
          { name: "Kashmiri Red Chilli Powder", brands: ["MDH", "Everest", "Catch"], packs: ["1 kg 720", "500 g 380", "100 g 85"], veg: "green", kind: "pouch", ...spice, hsn: "0904", about: "Deep red colour with mild heat, for tandoori and gravies." },
          { name: "Haldi (Turmeric Powder)", brands: ["MDH", "Everest", "Catch"], packs: ["1 kg 360", "500 g 190"], veg: "green", kind: "pouch", ...spice, about: "Bright turmeric with high curcumin, finely ground." },
          { name: "Dhaniya (Coriander Powder)", brands: ["MDH", "Everest"], packs: ["1 kg 330", "500 g 175"], veg: "green", kind: "pouch", ...spice, about: "Freshly ground coriander seed powder." },
          { name: "Jeera (Cumin Powder)", brands: ["Everest", "Catch"], packs: ["500 g 340", "100 g 78"], veg: "green", kind: "pouch", ...spice, about: "Roasted cumin powder for raita, chaas and chaat." },
        ],
      },
      {
        name: "Whole Spices",
        items: [
          { name: "Jeera (Cumin Seeds)", brands: ["Catch", "Tata Sampann"], packs: ["1 kg 680", "100 g 75"], veg: "green", kind: "pouch", ...spice, about: "Bold, clean cumin seeds for tadka and jeera rice." },
          { name: "Elaichi (Green Cardamom) 8 mm", brands: ["Catch", "Happilo"], packs: ["250 g 980", "50 g 210"], veg: "green", kind: "pouch", ...spice, hsn: "0908", about: "8 mm bold green cardamom for chai, biryani and sweets." },
          { name: "Kali Mirch (Black Pepper) Whole", brands: ["Catch", "Everest"], packs: ["500 g 520", "100 g 115"], veg: "green", kind: "pouch", ...spice, hsn: "0904", about: "Malabar black pepper, bold and pungent." },
          { name: "Laung (Cloves)", brands: ["Catch"], packs: ["100 g 190"], veg: "green", kind: "pouch", ...spice, hsn: "0907", about: "Hand-picked whole cloves." },
        ],
      },
      {
        name: "Blended Masala",
        items: [
          { name: "Garam Masala", brands: ["MDH", "Everest", "Catch"], packs: ["500 g 520", "100 g 98"], veg: "green", kind: "box", ...spice, about: "A warm blend of cardamom, cinnamon, clove and pepper to finish curries." },
          { name: "Chole Masala", brands: ["MDH", "Everest"], packs: ["500 g 470", "100 g 88"], veg: "green", kind: "box", ...spice, about: "Tangy blend with amchur and pomegranate seed for Punjabi chole." },
          { name: "Pav Bhaji Masala", brands: ["Everest", "MDH"], packs: ["500 g 450", "100 g 84"], veg: "green", kind: "box", ...spice, about: "Mumbai-style pav bhaji masala." },
          { name: "Biryani Masala", brands: ["Everest", "MDH"], packs: ["500 g 540", "50 g 65"], veg: "green", kind: "box", ...spice, about: "Aromatic biryani masala with mace, star anise and saffron notes." },
          { name: "Chaat Masala", brands: ["MDH", "Catch"], packs: ["500 g 390", "100 g 80"], veg: "green", kind: "box", ...spice, about: "Tangy black-salt chaat masala for fruit, salads and snacks." },
          { name: "Kasuri Methi", brands: ["MDH", "Catch"], packs: ["250 g 260", "25 g 40"], veg: "green", kind: "box", ...spice, about: "Dried fenugreek leaves to finish butter chicken and paneer makhani." },
        ],
      },
    ],
  },
  {
    name: "Sauces & Condiments",
    colour: "#c62828",
    icon: "bottle",
    subs: [
      {
        name: "Ketchup & Sauces",
        items: [
          { name: "Tomato Ketchup", brands: ["Kissan", "Del Monte", "Veeba"], packs: ["5 kg 620", "1 kg 155"], veg: "green", kind: "can", ...sauce, about: "Thick tomato ketchup in a catering pouch or can." },
          { name: "Green Chilli Sauce", brands: ["Kissan", "Weikfield"], packs: ["5 kg 520", "1 kg 125"], veg: "green", kind: "bottle", ...sauce, about: "Tangy green chilli sauce for Indo-Chinese dishes." },
          { name: "Dark Soy Sauce", brands: ["Weikfield", "Veeba"], packs: ["5 L 420", "750 ml 105"], veg: "green", kind: "bottle", ...sauce, about: "Brewed-style dark soy for colour and umami in noodles and gravies." },
          { name: "Schezwan Chutney", brands: ["Veeba", "Maggi"], packs: ["1 kg 260", "250 g 85"], veg: "green", kind: "jar", ...sauce, about: "Fiery Schezwan chutney for fried rice, noodles and dips." },
          { name: "Pizza Pasta Sauce", brands: ["Veeba", "Del Monte"], packs: ["1 kg 290"], veg: "green", kind: "jar", ...sauce, about: "Herbed tomato sauce for pizza bases and pasta." },
        ],
      },
      {
        name: "Mayonnaise & Dressings",
        items: [
          { name: "Eggless Mayonnaise", brands: ["Veeba", "Dr. Oetker FunFoods", "Del Monte"], packs: ["1 kg 230", "5 kg 1050"], veg: "green", kind: "tub", ...sauce, about: "Creamy eggless mayo for sandwiches, burgers and shawarma." },
          { name: "Tandoori Mayonnaise", brands: ["Dr. Oetker FunFoods", "Veeba"], packs: ["1 kg 260"], veg: "green", kind: "tub", ...sauce, about: "Smoky tandoori mayo for wraps and momos." },
          { name: "Sandwich Spread", brands: ["Dr. Oetker FunFoods"], packs: ["1 kg 240"], veg: "green", kind: "jar", ...sauce, about: "Creamy spread with diced vegetables." },
        ],
      },
      {
        name: "Vinegar & Pickles",
        items: [
          { name: "Synthetic Vinegar", brands: ["Weikfield", "Del Monte"], packs: ["5 L 210", "610 ml 48"], veg: "green", kind: "bottle", ...sauce, hsn: "2209", about: "Clear vinegar for marinades, pickling and salad dressings." },
          { name: "Mixed Pickle", brands: ["Tata Sampann", "Del Monte"], packs: ["5 kg 780", "1 kg 190"], veg: "green", kind: "jar", ...sauce, hsn: "2001", about: "Mango, lime and carrot pickle in mustard oil." },
        ],
      },
    ],
  },
  {
    name: "Beverages",
    colour: "#6d4c41",
    icon: "cup",
    subs: [
      {
        name: "Tea & Coffee",
        items: [
          { name: "Premium CTC Tea", brands: ["Tata Tea", "Brooke Bond"], packs: ["1 kg 560", "250 g 150"], veg: "green", kind: "pack", ...drink, about: "Strong CTC tea that brews a rich, coloured cup for cutting chai." },
          { name: "Tea Bags (Dip)", brands: ["Tata Tea", "Brooke Bond"], packs: ["100 pc 210"], veg: "green", kind: "box", ...drink, about: "Individually enveloped tea bags for room service and buffets." },
          { name: "Instant Coffee", brands: ["Nescafe"], packs: ["500 g 1190", "50 g 160"], veg: "green", kind: "jar", ...drink, hsn: "2101", gst: 18, about: "Pure instant coffee granules for vending and cold coffee." },
          { name: "Filter Coffee Powder (80:20)", brands: ["Brooke Bond", "Tata Sampann"], packs: ["500 g 360"], veg: "green", kind: "pouch", ...drink, hsn: "0901", about: "80% coffee, 20% chicory for South Indian filter coffee." },
        ],
      },
      {
        name: "Water & Soft Drinks",
        items: [
          { name: "Packaged Drinking Water", brands: ["Bisleri"], packs: ["24 pc 240", "12 pc 240", "20 L 110"], veg: "green", kind: "bottle", gst: 18, hsn: "2201", about: "Mineral-added packaged drinking water, sealed for banquets and rooms." },
          { name: "Club Soda", brands: ["Bisleri"], packs: ["24 pc 480"], veg: "green", kind: "bottle", gst: 18, hsn: "2201", about: "Sparkling soda in 750 ml bottles for bars and mocktails." },
          { name: "Rose Syrup (Sharbat)", brands: ["Morde", "Kissan"], packs: ["750 ml 180"], veg: "green", kind: "bottle", gst: 18, hsn: "2106", about: "Rose syrup for falooda, milkshakes and sharbat." },
        ],
      },
    ],
  },
  {
    name: "Bakery & Baking",
    colour: "#a1887f",
    icon: "bread",
    subs: [
      {
        name: "Breads & Biscuits",
        items: [
          { name: "Sandwich Bread (Jumbo)", brands: ["Britannia"], packs: ["800 g 75"], veg: "green", kind: "pack", ...bakery, about: "Large-slice white sandwich bread." },
          { name: "Pav (Ladi Pav)", brands: ["Britannia"], packs: ["12 pc 60"], veg: "green", kind: "pack", ...bakery, about: "Soft ladi pav for vada pav and pav bhaji." },
          { name: "Marie Biscuits", brands: ["Britannia"], packs: ["600 g 120"], veg: "green", kind: "pack", ...bakery, about: "Light tea-time biscuits for guest rooms and meetings." },
        ],
      },
      {
        name: "Baking Essentials",
        items: [
          { name: "Baking Powder", brands: ["Weikfield", "Dr. Oetker FunFoods"], packs: ["400 g 150", "100 g 45"], veg: "green", kind: "tin", ...bakery, hsn: "2102", about: "Double-acting baking powder for cakes and muffins." },
          { name: "Custard Powder (Vanilla)", brands: ["Weikfield", "Dr. Oetker FunFoods"], packs: ["500 g 190", "100 g 50"], veg: "green", kind: "box", ...bakery, hsn: "2106", about: "Vanilla custard powder for fruit custard and trifles." },
          { name: "Cocoa Powder", brands: ["Morde", "Weikfield"], packs: ["1 kg 890", "150 g 160"], veg: "green", kind: "pouch", ...bakery, hsn: "1805", about: "Dutch-processed cocoa for brownies and hot chocolate." },
          { name: "Dark Compound Chocolate Slab", brands: ["Morde"], packs: ["500 g 260"], veg: "green", kind: "pack", ...bakery, hsn: "1806", about: "Compound chocolate that melts smooth for ganache and coating." },
          { name: "Choco Chips", brands: ["Morde"], packs: ["1 kg 420"], veg: "green", kind: "pouch", ...bakery, hsn: "1806", about: "Bake-stable chocolate chips for cookies and muffins." },
        ],
      },
    ],
  },
  {
    name: "Disposables & Packaging",
    colour: "#3949ab",
    icon: "box",
    subs: [
      {
        name: "Containers",
        items: [
          { name: "Round Plastic Container with Lid", brands: ["Hotpack", "Freshwrapp"], packs: ["50 pc 460", "25 pc 250"], veg: null, kind: "pot", ...pack18, sizes: ["250 ml", "500 ml", "750 ml", "1000 ml"], about: "Leak-proof microwave-safe containers with lids for delivery and takeaway." },
          { name: "Rectangular Container with Lid", brands: ["Hotpack"], packs: ["50 pc 520"], veg: null, kind: "pot", ...pack18, sizes: ["500 ml", "650 ml", "750 ml"], about: "Stackable rectangular containers for rice, biryani and meals." },
          { name: "Aluminium Foil Container with Lid", brands: ["Hotpack", "Freshwrapp"], packs: ["100 pc 720"], veg: null, kind: "pot", gst: 18, hsn: "7612", sizes: ["250 ml", "450 ml", "660 ml"], about: "Oven-safe foil containers with board lids that keep food hot." },
          { name: "Biodegradable Bagasse Meal Tray (5 Compartments)", brands: ["Hotpack"], packs: ["50 pc 390"], veg: null, kind: "tray", ...paper18, hsn: "4823", about: "Compostable sugarcane bagasse meal trays for thalis and events." },
        ],
      },
      {
        name: "Cups & Cutlery",
        items: [
          { name: "Paper Cups (Ripple)", brands: ["Hotpack", "Freshwrapp"], packs: ["50 pc 160", "1000 pc 2600"], veg: null, kind: "pot", ...paper18, sizes: ["150 ml", "250 ml", "350 ml"], about: "Double-wall ripple cups for hot tea and coffee, comfortable to hold." },
          { name: "Wooden Spoons", brands: ["Hotpack"], packs: ["100 pc 140"], veg: null, kind: "pack", gst: 12, hsn: "4419", about: "Birchwood spoons, plastic-free." },
          { name: "Paper Straws", brands: ["Hotpack"], packs: ["100 pc 95"], veg: null, kind: "pack", ...paper18, about: "Sturdy paper straws that last through a cold coffee." },
        ],
      },
      {
        name: "Foil, Film & Bags",
        items: [
          { name: "Aluminium Foil Roll", brands: ["Freshwrapp", "Hotpack"], packs: ["1 kg 690", "72 m 380"], veg: null, kind: "roll", gst: 18, hsn: "7607", about: "Food-grade foil, 11 micron, for wrapping rotis, grilling and storage." },
          { name: "Cling Film Roll", brands: ["Freshwrapp"], packs: ["300 m 650", "30 m 110"], veg: null, kind: "roll", ...pack18, about: "Stretchable cling wrap for prep, storage and buffets." },
          { name: "Kraft Paper Carry Bags", brands: ["Hotpack"], packs: ["100 pc 540"], veg: null, kind: "pack", ...paper18, sizes: ["Small", "Medium", "Large"], about: "Flat-handle brown kraft bags for takeaway." },
          { name: "Butter Paper Sheets", brands: ["Freshwrapp"], packs: ["500 pc 420"], veg: null, kind: "pack", ...paper18, about: "Greaseproof sheets for wrapping burgers, rolls and baked goods." },
        ],
      },
      {
        name: "Tissues & Napkins",
        items: [
          { name: "Table Napkins (2 Ply)", brands: ["Hotpack"], packs: ["100 pc 90"], veg: null, kind: "pack", ...paper18, about: "Soft 2-ply napkins, 30 x 30 cm." },
          { name: "Kitchen Towel Rolls", brands: ["Hotpack", "Freshwrapp"], packs: ["4 pc 320"], veg: null, kind: "roll", ...paper18, about: "Absorbent kitchen towels, 2 rolls of 60 pulls each." },
        ],
      },
    ],
  },
  {
    name: "Cleaning & Hygiene",
    colour: "#43a047",
    icon: "spray",
    subs: [
      {
        name: "Dishwash",
        items: [
          { name: "Dishwash Liquid Gel (Lemon)", brands: ["Vim"], packs: ["5 L 880", "750 ml 190"], veg: null, kind: "can", ...clean18, about: "Concentrated dishwash gel that cuts grease on kadhais and tawas." },
          { name: "Dishwash Bar", brands: ["Vim"], packs: ["500 g 55"], veg: null, kind: "pack", ...clean18, about: "Long-lasting dishwash bar for utensils." },
          { name: "Stainless Steel Scrubber", brands: ["Scotch-Brite"], packs: ["12 pc 240"], veg: null, kind: "pack", ...steel12, about: "Steel wool scrubbers for burnt-on stains." },
          { name: "Scrub Pads (Green)", brands: ["Scotch-Brite"], packs: ["10 pc 220"], veg: null, kind: "pack", gst: 18, hsn: "6805", about: "Heavy-duty scrub pads for kitchen surfaces and utensils." },
        ],
      },
      {
        name: "Floor & Surface",
        items: [
          { name: "Disinfectant Floor Cleaner (Citrus)", brands: ["Lizol"], packs: ["5 L 950", "2 L 420"], veg: null, kind: "can", gst: 18, hsn: "3808", about: "Kills 99.9% of germs on kitchen and restaurant floors." },
          { name: "Kitchen Degreaser Spray", brands: ["Lizol"], packs: ["450 ml 210"], veg: null, kind: "bottle", ...clean18, about: "Spray-on degreaser for chimneys, stoves and tiles." },
        ],
      },
      {
        name: "Hand Hygiene & Safety",
        items: [
          { name: "Liquid Hand Wash", brands: ["Dettol"], packs: ["5 L 1150", "200 ml 99"], veg: null, kind: "can", ...clean18, about: "Germ-protection hand wash for kitchen stations and washrooms." },
          { name: "Hand Sanitiser", brands: ["Dettol"], packs: ["5 L 1350", "500 ml 250"], veg: null, kind: "can", gst: 18, hsn: "3808", about: "Alcohol-based sanitiser for counters and entrances." },
          { name: "Disposable Food Gloves", brands: ["Hotpack"], packs: ["100 pc 120"], veg: null, kind: "box", ...pack18, sizes: ["M", "L"], about: "Food-safe transparent gloves for food handling." },
          { name: "Garbage Bags (Black, Large)", brands: ["Hotpack", "Freshwrapp"], packs: ["30 pc 190"], veg: null, kind: "roll", ...pack18, about: "Thick 30 x 37 inch garbage bags for kitchen bins." },
          { name: "Disposable Hair Caps", brands: ["Hotpack"], packs: ["100 pc 150"], veg: null, kind: "pack", gst: 12, hsn: "6505", about: "Non-woven bouffant caps for kitchen hygiene." },
        ],
      },
    ],
  },
  {
    name: "Kitchen Equipment",
    colour: "#546e7a",
    icon: "pot",
    subs: [
      {
        name: "Cookware",
        items: [
          { name: "Aluminium Pressure Cooker", brands: ["Hawkins", "Prestige"], packs: ["1 pc 3250"], veg: null, kind: "tool", gst: 12, hsn: "7615", sizes: ["10 L", "12 L", "22 L"], about: "Heavy-gauge commercial pressure cooker for dals and rice in bulk." },
          { name: "Stainless Steel Kadhai", brands: ["Vinod", "Prestige"], packs: ["1 pc 1450"], veg: null, kind: "tool", ...steel12, sizes: ["28 cm", "32 cm", "36 cm"], about: "Tri-ply kadhai with riveted handles for deep frying and gravies." },
          { name: "Cast Iron Dosa Tawa", brands: ["Vinod", "Hawkins"], packs: ["1 pc 1890"], veg: null, kind: "tool", gst: 12, hsn: "7321", about: "Pre-seasoned 16-inch cast iron tawa for crisp dosas." },
          { name: "Stainless Steel Stock Pot with Lid", brands: ["Vinod"], packs: ["1 pc 2650"], veg: null, kind: "tool", ...steel12, sizes: ["20 L", "30 L", "50 L"], about: "Heavy-bottom stock pot for soups, gravies and biryani." },
        ],
      },
      {
        name: "Tools & Storage",
        items: [
          { name: "Chef's Knife 8 inch", brands: ["Prestige"], packs: ["1 pc 850"], veg: null, kind: "tool", gst: 18, hsn: "8211", about: "High-carbon stainless steel chef's knife with a non-slip handle." },
          { name: "Colour-Coded Chopping Board", brands: ["Prestige"], packs: ["1 pc 690"], veg: null, kind: "tool", ...pack18, sizes: ["Green (veg)", "Red (meat)", "Blue (seafood)"], about: "HDPE chopping boards colour-coded to prevent cross-contamination." },
          { name: "Stainless Steel Gastronorm Pan 1/1", brands: ["Vinod"], packs: ["1 pc 1350"], veg: null, kind: "tool", ...steel12, about: "GN 1/1 pan, 65 mm deep, for bain-maries and buffet counters." },
          { name: "Digital Kitchen Scale 10 kg", brands: ["Prestige"], packs: ["1 pc 1590"], veg: null, kind: "tool", gst: 18, hsn: "8423", about: "Accurate to 1 g with a tare button, for recipe costing." },
        ],
      },
    ],
  },
  {
    name: "Sugar, Salt & Dry Fruits",
    colour: "#7b1fa2",
    icon: "jar",
    subs: [
      {
        name: "Sugar & Salt",
        items: [
          { name: "Refined Sugar (S-30)", brands: ["Tata Sampann", "Rajdhani"], packs: ["50 kg 2550", "5 kg 275", "1 kg 56"], veg: "green", kind: "sack", gst: 5, hsn: "1701", about: "Clean, free-flowing crystal sugar." },
          { name: "Iodised Salt", brands: ["Tata Salt"], packs: ["25 kg 620", "1 kg 28"], veg: "green", kind: "pouch", gst: 0, hsn: "2501", about: "Vacuum-evaporated iodised salt." },
          { name: "Kala Namak (Black Salt)", brands: ["Tata Salt", "Catch"], packs: ["1 kg 90"], veg: "green", kind: "pouch", gst: 0, hsn: "2501", about: "Black salt for chaat, chaas and jaljeera." },
          { name: "Jaggery Powder", brands: ["Tata Sampann"], packs: ["1 kg 110"], veg: "green", kind: "pouch", gst: 5, hsn: "1701", about: "Chemical-free jaggery powder for sweets and tea." },
        ],
      },
      {
        name: "Dry Fruits & Nuts",
        items: [
          { name: "Cashews W320", brands: ["Happilo"], packs: ["1 kg 1150", "250 g 310"], veg: "green", kind: "pouch", gst: 5, hsn: "0801", about: "Whole W320 cashews for gravies, sweets and garnishing." },
          { name: "California Almonds", brands: ["Happilo"], packs: ["1 kg 1050", "250 g 290"], veg: "green", kind: "pouch", gst: 12, hsn: "0802", about: "Crunchy California almonds." },
          { name: "Kishmish (Raisins)", brands: ["Happilo"], packs: ["1 kg 520"], veg: "green", kind: "pouch", gst: 5, hsn: "0806", about: "Plump green raisins for pulao, kheer and bakery." },
          { name: "Melon Seeds (Magaz)", brands: ["Happilo"], packs: ["500 g 560"], veg: "green", kind: "pouch", gst: 5, hsn: "1207", about: "Peeled melon seeds for rich Mughlai gravies." },
        ],
      },
    ],
  },
  {
    name: "Noodles, Pasta & Ready Mixes",
    colour: "#fb8c00",
    icon: "bowl",
    subs: [
      {
        name: "Noodles & Pasta",
        items: [
          { name: "Hakka Noodles", brands: ["Weikfield", "Maggi"], packs: ["1 kg 190", "5 kg 880"], veg: "green", kind: "pack", gst: 18, hsn: "1902", about: "Egg-free hakka noodles that stay separate when tossed." },
          { name: "Instant Noodles (Masala)", brands: ["Maggi"], packs: ["48 pc 672", "12 pc 168"], veg: "green", kind: "carton", gst: 18, hsn: "1902", about: "Masala instant noodles for cafés and canteens." },
          { name: "Penne Pasta (Durum Wheat)", brands: ["Del Monte", "Weikfield"], packs: ["1 kg 240", "500 g 130"], veg: "green", kind: "pack", gst: 18, hsn: "1902", about: "Durum wheat penne that holds its bite." },
        ],
      },
      {
        name: "Ready Mixes",
        items: [
          { name: "Gulab Jamun Mix", brands: ["Weikfield", "MDH"], packs: ["1 kg 380", "200 g 95"], veg: "green", kind: "box", gst: 18, hsn: "1901", about: "Soft, melt-in-the-mouth gulab jamuns every time." },
          { name: "Dosa Batter Mix", brands: ["MDH", "Tata Sampann"], packs: ["1 kg 210"], veg: "green", kind: "box", gst: 18, hsn: "1901", about: "Instant dosa mix: add water, rest 15 minutes, pour." },
          { name: "Manchurian Gravy Mix", brands: ["Maggi", "Weikfield"], packs: ["1 kg 390"], veg: "green", kind: "pouch", gst: 18, hsn: "2104", about: "Consistent Manchurian gravy base for Indo-Chinese menus." },
        ],
      },
    ],
  },
];
