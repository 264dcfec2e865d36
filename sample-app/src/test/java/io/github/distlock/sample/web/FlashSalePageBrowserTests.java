/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.

 */

package io.github.distlock.sample.web;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

import io.github.distlock.test.redis.RedisServerExtension;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Drives the flash-sale page in headless Chromium, as a person would use it: reset the
 * stock, run sales in {@code lock} and {@code unsafe} mode, read the results and the
 * chart.
 *
 * <p>
 * Uses Debian's {@code chromium} and {@code chromedriver} (found on the {@code PATH},
 * else in {@code /usr/bin}). Because the driver executable is handed to
 * {@link ChromeDriverService} and the browser binary to {@link ChromeOptions}, Selenium
 * Manager is never run, so nothing is downloaded. Without them the tests are skipped with
 * a message saying what to install, or fail with it when the environment variable
 * {@code CI} is {@code true}.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ExtendWith(FlashSalePageBrowserTests.NeedsChromium.class)
class FlashSalePageBrowserTests {

	private static final String INSTALL_HINT = "Chromium and its driver are needed for the browser tests: "
			+ "install Debian's packages with 'apt-get install chromium chromium-driver'";

	private static final List<String> CHROMIUM_NAMES = List.of("chromium", "chromium-browser");

	private static final List<String> CHROMEDRIVER_NAMES = List.of("chromedriver");

	private static final Duration SHORT_WAIT = Duration.ofSeconds(10);

	private static final Duration SALE_WAIT = Duration.ofSeconds(60);

	private static final int SALE_STOCK = 200;

	private static final int SALE_BUYERS = 600;

	private static final Path SCREENSHOT = Paths.get("target", "flash-sale-page.png");

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	/**
	 * Selenium warns that it has no DevTools (CDP) module for this Chromium version; the
	 * test uses none, so the warning is noise. Held here because java.util.logging keeps
	 * loggers weakly.
	 */
	private static final List<Logger> quietLoggers = List.of(
			Logger.getLogger("org.openqa.selenium.devtools.CdpVersionFinder"),
			Logger.getLogger("org.openqa.selenium.chromium.ChromiumDriver"));

	private static @Nullable ChromeDriver driver;

	private static @Nullable ChromeDriverService service;

	private static @Nullable Path profile;

	/** Modes whose sale finished, so the chart must have a bar for each. */
	private static final Set<String> modesRun = new LinkedHashSet<>();

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void redisProperties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", () -> redis.server().port());
	}

	@BeforeAll
	static void startBrowser() throws IOException {
		Path chromium = locate(CHROMIUM_NAMES);
		Path chromedriver = locate(CHROMEDRIVER_NAMES);
		if (chromium == null || chromedriver == null) {
			// only reached with CI=true: elsewhere NeedsChromium skips the class first
			fail(missingBrowserMessage());
		}
		quietLoggers.forEach((logger) -> logger.setLevel(Level.SEVERE));
		profile = Files.createTempDirectory("flash-sale-chromium-");
		Files.createDirectories(Paths.get("target"));
		ChromeOptions options = new ChromeOptions();
		options.setBinary(chromium.toFile());
		options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
				"--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
				"--disable-extensions", "--hide-scrollbars", "--window-size=1280,1000", "--user-data-dir=" + profile);
		// The executable given here makes Selenium skip Selenium Manager: nothing is
		// looked up or downloaded.
		service = new ChromeDriverService.Builder().usingDriverExecutable(chromedriver.toFile())
			.usingAnyFreePort()
			.withLogFile(Paths.get("target", "chromedriver.log").toFile())
			.build();
		driver = new ChromeDriver(service, options);
		driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
		driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(10));
	}

	@AfterAll
	static void stopBrowser() throws IOException {
		try {
			if (driver != null) {
				saveScreenshot(driver);
			}
		}
		finally {
			try {
				if (driver != null) {
					driver.quit();
				}
			}
			finally {
				driver = null;
				if (service != null) {
					service.stop();
					service = null;
				}
				deleteQuietly(profile);
				profile = null;
			}
		}
	}

	@BeforeEach
	void openPageOnce() {
		String home = "http://localhost:" + this.port + "/";
		if (!home.equals(browser().getCurrentUrl())) {
			browser().get(home);
			waitShort().until((d) -> !text("goods-note").isEmpty() && !"Loading…".equals(text("goods-note")));
		}
	}

	@Test
	@Order(1)
	void badStockShowsTheApiErrorOnThePage() {
		type("goods-id", "1");
		type("stock-input", "-5");
		click("reset");

		WebElement message = waitShort().until((d) -> visible("message"));
		assertThat(message.getText()).contains("Could not reset the stock")
			.contains("Quantity must not be negative")
			.contains("400");
		assertThat(message.getDomAttribute("class")).contains("error");
	}

	@Test
	@Order(2)
	void badSaleInputShowsTheApiErrorOnThePage() {
		type("goods-id", "1");
		type("stock-input", String.valueOf(SALE_STOCK));
		type("buyers", String.valueOf(SALE_BUYERS));
		type("concurrency", "0");
		click("start");

		WebElement message = waitShort().until((d) -> visible("message"));
		assertThat(message.getText()).contains("Could not start the flash sale")
			.contains("Concurrency must be at least 1")
			.contains("400");
		assertThat(message.getDomAttribute("class")).contains("error");
		assertThat(visible("live")).as("no sale is shown as running").isNull();
		assertThat(browser().findElement(By.id("start")).isEnabled()).as("the sale can be started again").isTrue();
	}

	@Test
	@Order(3)
	void resetStockShowsTheStockAndSoldOfTheGood() {
		type("goods-id", "1");
		type("stock-input", String.valueOf(SALE_STOCK));
		click("reset");

		waitShort().until((d) -> String.valueOf(SALE_STOCK).equals(text("stock")) && "0".equals(text("sold")));
		assertThat(text("initial")).isEqualTo(String.valueOf(SALE_STOCK));
		assertThat(visible("message")).as("the page confirms the reset").isNotNull();
		assertThat(text("message")).contains("set to " + SALE_STOCK);
	}

	@Test
	@Order(4)
	void lockedSaleSellsExactlyTheStock() {
		runSale("lock", 16);

		assertThat(text("result-oversold")).isEqualTo("0");
		assertThat(text("result-duplicates")).isEqualTo("0");
		assertThat(text("result-sold")).isEqualTo(String.valueOf(SALE_STOCK));
		assertThat(text("result-stock-left")).isEqualTo("0");
		assertThat(text("result-verdict")).startsWith("Correct");
		assertThat(colour("result-oversold")).as("oversold 0 is shown in green").isEqualTo(Colour.GREEN);
		assertThat(number("result-throughput")).isPositive();
		// the good's live figures agree
		waitShort().until((d) -> "0".equals(text("stock")) && String.valueOf(SALE_STOCK).equals(text("sold")));
	}

	@Test
	@Order(5)
	void unsafeSaleOversells() {
		List<Long> oversoldPerTry = new ArrayList<>();
		for (int attempt = 1; attempt <= 3; attempt++) {
			runSale("unsafe", 32);
			long oversold = number("result-oversold");
			oversoldPerTry.add(oversold);
			if (oversold > 0) {
				assertThat(colour("result-oversold")).as("oversold > 0 is shown in red").isEqualTo(Colour.RED);
				assertThat(number("result-sold")).isEqualTo(SALE_STOCK + oversold);
				assertThat(text("result-verdict")).startsWith("Wrong").contains("oversold " + oversold);
				return;
			}
			assertThat(colour("result-oversold")).isEqualTo(Colour.GREEN);
		}
		fail("No unsafe sale of " + SALE_STOCK + " units to " + SALE_BUYERS
				+ " buyers with 32 threads oversold in 3 tries; oversold per try: " + oversoldPerTry);
	}

	@Test
	@Order(6)
	void chartShowsABarForEachModeRun() {
		assertThat(modesRun).as("sales ran before this test").isNotEmpty();
		WebElement chart = browser().findElement(By.id("chart"));
		waitShort().until((d) -> barModes(chart).containsAll(modesRun));

		for (String mode : modesRun) {
			WebElement bar = chart.findElement(By.cssSelector("[data-mode='" + mode + "']"));
			assertThat(bar.isDisplayed()).isTrue();
			assertThat(bar.getText()).contains(mode).containsPattern("\\d+ req/s");
			assertThat(bar.findElement(By.tagName("rect")).getSize().getHeight()).isPositive();
		}
		if (modesRun.contains("unsafe")) {
			assertThat(chart.findElement(By.cssSelector("[data-mode='unsafe']")).getText()).contains("oversold");
		}
	}

	@Test
	@Order(7)
	void pageLinksTheActuatorEndpointsAndHealthShowsTheLocks() {
		List<String> links = browser().findElements(By.cssSelector("#watch a"))
			.stream()
			.map((link) -> link.getDomAttribute("href"))
			.toList();
		assertThat(links).containsExactly("/actuator/locks", "/actuator/prometheus", "/actuator/health");

		browser().findElement(By.cssSelector("#watch a[href='/actuator/health']")).click();
		waitShort().until((d) -> d.getPageSource().contains("\"distlock\":{\"details\""));
	}

	@Test
	void pageSaysWhichStoreTheLocksLiveInAndComparesTheStores() {
		waitShort().until((d) -> text("store").equals("redis"));
		assertThat(browser().findElements(By.cssSelector("#stores tr[data-store]")))
			.extracting((row) -> row.getDomAttribute("data-store"))
			.containsExactly("redis", "jdbc", "zookeeper");
		assertThat(browser().findElements(By.cssSelector("#stores tr.current"))).singleElement()
			.satisfies((row) -> assertThat(row.getDomAttribute("data-store")).isEqualTo("redis"));
	}

	/** Fills the form, starts a sale and waits until the page shows its result. */
	private void runSale(String mode, int concurrency) {
		type("goods-id", "1");
		type("stock-input", String.valueOf(SALE_STOCK));
		type("buyers", String.valueOf(SALE_BUYERS));
		type("concurrency", String.valueOf(concurrency));
		new Select(browser().findElement(By.id("mode"))).selectByValue(mode);
		String previousSale = text("sale-id");

		waitShort().until((d) -> browser().findElement(By.id("start")).isEnabled());
		click("start");

		new WebDriverWait(browser(), SALE_WAIT).until((d) -> {
			WebElement message = visible("message");
			if (message != null && message.getDomAttribute("class").contains("error")) {
				throw new AssertionError("The page shows an error: " + message.getText());
			}
			String sale = text("sale-id");
			return !sale.isEmpty() && !sale.equals(previousSale) && "DONE".equals(text("sale-state"))
					&& visible("result") != null;
		});
		assertThat(text("sale-mode")).isEqualTo(mode);
		assertThat(text("progress")).isEqualTo(SALE_BUYERS + " / " + SALE_BUYERS);
		assertThat(text("result-title")).contains(text("sale-id")).contains(mode);
		modesRun.add(mode);
	}

	private static Set<String> barModes(WebElement chart) {
		Set<String> modes = new LinkedHashSet<>();
		for (WebElement bar : chart.findElements(By.cssSelector("[data-mode]"))) {
			modes.add(bar.getDomAttribute("data-mode"));
		}
		return modes;
	}

	private static void type(String id, String value) {
		WebElement input = browser().findElement(By.id(id));
		input.clear();
		input.sendKeys(value);
	}

	private static void click(String id) {
		browser().findElement(By.id(id)).click();
	}

	private static String text(String id) {
		return browser().findElement(By.id(id)).getText().trim();
	}

	private static long number(String id) {
		String text = text(id);
		assertThat(text).as("#" + id + " shows a number").matches("-?\\d+");
		return Long.parseLong(text);
	}

	/** The element if it is shown, else {@code null}. */
	private static @Nullable WebElement visible(String id) {
		WebElement element = browser().findElement(By.id(id));
		return element.isDisplayed() ? element : null;
	}

	/** Whether the element's text is shown in green, red or something else. */
	private static Colour colour(String id) {
		String css = browser().findElement(By.id(id)).getCssValue("color");
		java.util.regex.Matcher rgb = java.util.regex.Pattern.compile("rgba?\\((\\d+), (\\d+), (\\d+)").matcher(css);
		if (!rgb.find()) {
			return Colour.OTHER;
		}
		int red = Integer.parseInt(rgb.group(1));
		int green = Integer.parseInt(rgb.group(2));
		int blue = Integer.parseInt(rgb.group(3));
		if (red > 2 * green && red > 2 * blue) {
			return Colour.RED;
		}
		if (green > 2 * red && green > 2 * blue) {
			return Colour.GREEN;
		}
		return Colour.OTHER;
	}

	private static WebDriverWait waitShort() {
		return new WebDriverWait(browser(), SHORT_WAIT);
	}

	private static WebDriver browser() {
		assertThat(driver).as("the browser was started").isNotNull();
		return driver;
	}

	/**
	 * Saves the whole page, not only the window, as a person scrolling down would see it.
	 */
	private static void saveScreenshot(ChromeDriver chrome) {
		try {
			byte[] png;
			try {
				Object size = chrome.executeScript(
						"return [document.documentElement.scrollWidth," + " document.documentElement.scrollHeight];");
				List<?> widthAndHeight = (List<?>) size;
				Map<String, Object> clip = Map.of("x", 0, "y", 0, "scale", 1, "width",
						((Number) widthAndHeight.get(0)).intValue(), "height",
						Math.min(((Number) widthAndHeight.get(1)).intValue(), 6000));
				Map<String, Object> shot = chrome.executeCdpCommand("Page.captureScreenshot",
						Map.of("format", "png", "captureBeyondViewport", true, "clip", clip));
				png = Base64.getDecoder().decode((String) shot.get("data"));
			}
			catch (RuntimeException ex) {
				png = chrome.getScreenshotAs(OutputType.BYTES);
			}
			Files.write(SCREENSHOT, png);
		}
		catch (RuntimeException | IOException ex) {
			System.err.println("Could not save the screenshot " + SCREENSHOT.toAbsolutePath() + ": " + ex);
		}
	}

	/** Why the tests cannot run, naming what is missing. */
	private static String missingBrowserMessage() {
		List<String> missing = new ArrayList<>();
		if (locate(CHROMIUM_NAMES) == null) {
			missing.add("no " + String.join(" or ", CHROMIUM_NAMES));
		}
		if (locate(CHROMEDRIVER_NAMES) == null) {
			missing.add("no " + String.join(" or ", CHROMEDRIVER_NAMES));
		}
		return INSTALL_HINT + " (" + String.join(", ", missing) + " on the PATH or in /usr/bin)";
	}

	/**
	 * The first executable of these names on the PATH, else in /usr/bin, else
	 * {@code null}.
	 */
	private static @Nullable Path locate(List<String> names) {
		List<String> directories = new ArrayList<>();
		String path = System.getenv("PATH");
		if (path != null) {
			directories.addAll(List.of(path.split(File.pathSeparator)));
		}
		directories.add("/usr/bin");
		for (String name : names) {
			for (String directory : directories) {
				if (directory.isEmpty()) {
					continue;
				}
				Path candidate = Paths.get(directory, name);
				if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
					return candidate;
				}
			}
		}
		return null;
	}

	private static void deleteQuietly(@Nullable Path directory) {
		if (directory == null) {
			return;
		}
		try (Stream<Path> files = Files.walk(directory)) {
			files.sorted(Comparator.reverseOrder()).forEach((file) -> file.toFile().delete());
		}
		catch (IOException ex) {
			// a temporary directory; the OS cleans it eventually
		}
	}

	/**
	 * Skips the tests, with the install hint as the reason, when Chromium or its driver
	 * is missing, unless {@code CI=true}: there the tests run and fail saying what to
	 * install. Skipping here, before the class starts, also spares the Redis server and
	 * the application context.
	 */
	static class NeedsChromium implements ExecutionCondition {

		@Override
		public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
			if (locate(CHROMIUM_NAMES) != null && locate(CHROMEDRIVER_NAMES) != null) {
				return ConditionEvaluationResult.enabled("Chromium and chromedriver found");
			}
			if ("true".equals(System.getenv("CI"))) {
				return ConditionEvaluationResult.enabled("CI=true: run, to fail saying what to install");
			}
			return ConditionEvaluationResult.disabled(missingBrowserMessage());
		}

	}

	private enum Colour {

		GREEN, RED, OTHER

	}

}
