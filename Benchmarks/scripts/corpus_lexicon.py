"""Fixed word lists for the synthetic corpus: the most frequent English words, names, places and kitchen words.

The lists are part of the generator's input, so changing one changes every corpus generated from a seed.
"""

# The most frequent English function and common words, in rough frequency order. They take the top ranks
# of the Zipfian vocabulary, as they do in real text.
FREQUENT_WORDS = """
the of and to a in is it you that he was for on are with as i his they be at one have this from or had by
not word but what some we can out other were all there when up use your how said an each she which do
their time if will way about many then them write would like so these her long make thing see him two has
look more day could go come did number sound no most people my over know water than call first who may
down side been now find any new work part take get place made live where after back little only round man
year came show every good me give our under name very through just form sentence great think say help low
line differ turn cause much mean before move right boy old too same tell does set three want air well also
play small end put home read hand port large spell add even land here must big high such follow act why
ask men change went light kind off need house picture try us again animal point mother world near build
self earth father head stand own page should country found answer school grow study still learn plant
cover food sun four between state keep eye never last let thought city tree cross farm hard start might
story saw far sea draw left late run while press close night real life few north open seem together next
white children begin got walk example ease paper group always music those both mark often letter until
mile river car feet care second book carry took science eat room friend began idea fish mountain stop
once base hear horse cut sure watch color face wood main enough plain girl usual young ready above ever
red list though feel talk bird soon body dog family direct pose leave song measure door product black
short numeral class wind question happen complete ship area half rock order fire south problem piece told
knew pass since top whole king space heard best hour better true during hundred five remember step early
hold west ground interest reach fast verb sing listen six table travel less morning ten simple several
vowel toward war lay against pattern slow center love person money serve appear road map rain rule govern
pull cold notice voice unit power town fine certain fly fall lead cry dark machine note wait plan figure
star box noun field rest correct able pound done beauty drive stood contain front teach week final gave
green quick develop ocean warm free minute strong special mind behind clear tail produce fact street inch
multiply nothing course stay wheel full force blue object decide surface deep moon island foot system busy
test record boat common gold possible plane stead dry wonder laugh thousand ago ran check game shape
equate hot miss brought heat snow tire bring yes distant fill east paint language among
""".split()

FIRST_NAMES = """
Ada Adrian Aisha Alan Alba Alex Alice Amara Amir Ana Andre Anja Anna Arjun Astrid Ava Ben Bianca Boris
Carla Carlos Chen Chloe Clara Dana Daniel Daria David Elena Eli Elif Emil Emma Enzo Erik Esme Eva Farah
Felix Fiona Freya Gabriel Grace Hana Hannah Hugo Ida Igor Ines Irene Isaac Ivan Jack Jana Javier Jin
Jonas Jordan Julia Kai Karim Kate Kenji Lara Laura Leila Leo Liam Lina Lucas Lucia Luis Maya Marco Maria
Mateo Mei Mia Mika Milan Mina Nadia Naomi Nina Noah Nora Olga Omar Oscar Paula Pavel Priya Rafael Rosa
Ruth Sam Sara Sofia Tariq Theo Tomas Uma Valentina Victor Wei Yara Yusuf Zara Zoe
""".split()

CITIES = """
Amsterdam Athens Auckland Austin Bangkok Barcelona Berlin Bogota Boston Brussels Budapest Cairo Chicago
Copenhagen Dakar Denver Dublin Edinburgh Florence Geneva Hamburg Helsinki Istanbul Jakarta Kyoto Lagos Lima
Lisbon London Lyon Madrid Manila Marseille Melbourne Milan Montreal Mumbai Munich Nairobi Naples Oslo Paris
Porto Prague Quebec Reykjavik Riga Rome Santiago Seattle Seoul Seville Singapore Stockholm Sydney Taipei
Tallinn Tokyo Toronto Valencia Vancouver Venice Vienna Vilnius Warsaw Zurich
""".split()

VENUE_KINDS = """
Bistro Brasserie Cafe Diner Grill Hotel Inn Kitchen Lodge Osteria Resort Suites Tavern Trattoria Hostel
Theatre Gallery Spa Studio Arena
""".split()

INGREDIENTS = """
flour sugar butter eggs milk cream yeast salt pepper garlic onion shallot leek carrot celery potato tomato
basil oregano thyme rosemary parsley cilantro mint ginger cumin paprika turmeric cinnamon nutmeg vanilla
lemon lime orange apple pear banana berries chocolate honey rice pasta noodles lentils chickpeas beans tofu
chicken beef pork lamb salmon shrimp tuna cod mushrooms spinach kale zucchini eggplant pumpkin squash corn
peas broccoli cauliflower cabbage avocado cheese parmesan mozzarella feta yogurt vinegar soy sesame olive
almonds walnuts pistachios coconut oats quinoa couscous bread stock wine
""".split()

UNITS = "cup cups tablespoon tablespoons teaspoon teaspoons gram grams kilogram pinch clove cloves handful can".split()

COOKING_VERBS = """
whisk stir fold chop dice slice mince simmer boil roast bake grill saute fry blend knead marinate season
drain rinse grate toast reduce glaze serve garnish rest cool chill
""".split()

DISHES = """
soup stew salad curry risotto pie tart cake bread loaf pancakes waffles omelette frittata tacos burritos
lasagne gnocchi dumplings pilaf paella casserole chowder gratin muffins cookies brownies crumble sorbet
""".split()

RECIPE_ADJECTIVES = """
easy quick classic spicy creamy smoky crispy hearty rustic summer winter autumn spring lemony garlicky
sticky golden roasted grilled baked slow homemade vegan healthy
""".split()

RECIPE_TAGS = """
vegetarian vegan glutenfree dairyfree breakfast lunch dinner dessert snack baking weeknight holiday party
italian french mexican indian thai japanese greek spanish moroccan korean
""".split()

MAILBOXES = ["inbox", "archive", "work", "family", "newsletters", "receipts", "travel", "sent"]
COOKBOOKS = ["weeknight", "baking", "holiday", "family-favourites", "vegetarian", "quick-lunches"]
CALENDARS = ["dining", "travel", "events", "appointments"]
ADDRESS_BOOKS = ["contacts", "work-directory", "family"]
MAIL_DOMAINS = ["example.com", "example.org", "example.net", "mail.example", "corp.example", "uni.example"]
