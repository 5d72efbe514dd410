// Tests of CoreSpotlightTests.
